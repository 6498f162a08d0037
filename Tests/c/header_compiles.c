/*
 * frames.h compiles as strict C (C99 and C11) with -Wall -Wextra -Werror
 * -pedantic, and every declaration links. Built once per standard by
 * Tests/c/CMakeLists.txt; running it checks the struct initializer too.
 *
 * Proves: the header's conventions (its preamble) (compiles as C99 and C++).
 */
#include "frames.h"

#include <stdio.h>

int main(void) {
    frames_appearance a = FRAMES_APPEARANCE_INIT;
    frames_rect r = { 0.0, 0.0, 0.0, 0.0 };
    frames_point p = { 0.0, 0.0 };
    size_t n = 0;
    double h = 0.0;
    const double ratio = 1.0;
    frames_result res;

    res = frames_layout_banners(&a, 100.0, &ratio, 1, false, &r, 1, &n, &h);
    if (res != FRAMES_OK) return 1;
    res = frames_layout_scroll_offset(&a, 100.0, 0.0, &ratio, 1, false, 0, &p);
    if (res != FRAMES_OK) return 1;
    if (frames_appearance_validate(&a) != FRAMES_OK) return 1;
    if (frames_appearance_init(&a, FRAMES_APPEARANCE_VERSION) != FRAMES_OK) return 1;
    if (frames_version_number() != FRAMES_VERSION_NUMBER) return 1;
    frames_error_clear();
    printf("C %ld: frames %s, %s, last %d \"%s\"\n", (long)__STDC_VERSION__, frames_version_string(),
           frames_result_str(frames_error_last_code()), (int)frames_error_last_code(), frames_error_last_message());
    return r.width == 100.0 && h == 100.0 ? 0 : 1;
}
