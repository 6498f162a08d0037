/* A minimal C host built against an *installed* libframes, once through
 * pkg-config and once through find_package(Frames) (install_consumers.sh). It
 * prints a line the test compares. */
#include <frames.h>
#include <stdio.h>

int main(void) {
    frames_appearance appearance = FRAMES_APPEARANCE_INIT;
    const double ratios[2] = { 2.0, 1.0 };
    frames_rect rects[2];
    size_t count = 0;
    double height = 0;

    if (frames_version_number() != FRAMES_VERSION_NUMBER) {
        fprintf(stderr, "header %s, library %s\n", FRAMES_VERSION_STRING, frames_version_string());
        return 1;
    }
    appearance.layout_type = FRAMES_LAYOUT_TYPE_VERTICAL_LIST;
    if (frames_layout_banners(&appearance, 375, ratios, 2, false, rects, 2, &count, &height) != FRAMES_OK) {
        fprintf(stderr, "layout failed: %s\n", frames_error_last_message());
        return 1;
    }
    /* 375 / 2 = 187.5 -> 188; 375; 188 + 8 + 375 = 571 (BN-04). */
    printf("frames %s: %zu banners, content height %g\n", frames_version_string(), count, height);
    return 0;
}
