// frames.h compiles as C++ (C++11 and later) with -Wall -Wextra -Werror
// -pedantic: the extern "C" guards, <stdbool.h>, the brace initializer and
// the macros all work, and every declaration links with C linkage. Built once
// per standard by Tests/c/CMakeLists.txt.
//
// Why: C++ hosts (game engines, app shells) include frames.h directly.
#include "frames.h"

#include <cstdint>
#include <cstdio>
#include <type_traits>
#include <vector>

static_assert(std::is_same<frames_result, std::int32_t>::value, "frames_result is int32_t");
static_assert(std::is_standard_layout<frames_appearance>::value, "frames_appearance is a C struct");
static_assert(sizeof(frames_rect) == 4 * sizeof(double), "frames_rect is four doubles");

int main() {
    frames_appearance a = FRAMES_APPEARANCE_INIT;
    a.layout_type = FRAMES_LAYOUT_TYPE_TILES;
    const std::vector<double> ratios{1.0, 2.0, 0.5};
    std::vector<frames_rect> rects(ratios.size());
    std::size_t n = 0;
    double h = 0.0;
    frames_result res = frames_layout_banners(&a, 208.0, ratios.data(), ratios.size(), false, rects.data(),
                                              rects.size(), &n, &h);
    if (res != FRAMES_OK || n != 3) return 1;
    frames_point p{0.0, 0.0};
    if (frames_layout_scroll_offset(&a, 208.0, 0.0, ratios.data(), ratios.size(), false, 0, &p)
        != FRAMES_ERR_UNSUPPORTED) return 1;
    std::printf("C++ %ld: frames %s, %s: \"%s\"\n", static_cast<long>(__cplusplus), frames_version_string(),
                frames_result_str(frames_error_last_code()), frames_error_last_message());
    frames_error_clear();
    return frames_version_number() == FRAMES_VERSION_NUMBER && h == 308.0 ? 0 : 1;
}
