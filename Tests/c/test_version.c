/*
 * Versions: the library loaded is the one this header describes.
 *
 * Proves: the "Versions" section of frames.h (FRAMES_VERSION_* macros ==
 * frames_version_number() / frames_version_string()), and that CMake's
 * project version (parsed from the header, FRAMES_CMAKE_VERSION) agrees.
 */
#include <stdio.h>
#include <string.h>

#include "frames.h"
#include "frames_test.h"

int main(void) {
    char text[32];

    ft_section("versions", "FRAMES_VERSION_NUMBER is MAJOR * 1000000 + MINOR * 1000 + PATCH");
    CHECK_INT(FRAMES_VERSION_NUMBER, FRAMES_VERSION_MAJOR * 1000000 + FRAMES_VERSION_MINOR * 1000 + FRAMES_VERSION_PATCH);
    snprintf(text, sizeof text, "%d.%d.%d", FRAMES_VERSION_MAJOR, FRAMES_VERSION_MINOR, FRAMES_VERSION_PATCH);
    CHECK_STR(FRAMES_VERSION_STRING, text);

    ft_section("versions", "the runtime version equals the header's");
    CHECK_INT(frames_version_number(), FRAMES_VERSION_NUMBER);
    CHECK_STR(frames_version_string(), FRAMES_VERSION_STRING);
    CHECK(frames_version_string() == frames_version_string()); /* static */
    CHECK_INT(frames_version_number() / 1000000, FRAMES_VERSION_MAJOR);

#ifdef FRAMES_CMAKE_VERSION
    ft_section("versions", "CMake's project version is the header's");
    CHECK_STR(FRAMES_CMAKE_VERSION, FRAMES_VERSION_STRING);
#endif
    printf("  header %s (%d), library %s (%u)\n", FRAMES_VERSION_STRING, FRAMES_VERSION_NUMBER,
           frames_version_string(), (unsigned)frames_version_number());
    return ft_finish("test_version");
}
