/*
 * layout_example.c — laying out banners with libframes from C.
 *
 * Shows the patterns a C host needs:
 *   1. check that the loaded library matches the header you compiled with;
 *   2. describe a banner place with frames_appearance (always start from
 *      FRAMES_APPEARANCE_INIT, then set fields);
 *   3. ask how many rects a layout needs (FRAMES_ERR_BUFFER_TOO_SMALL reports
 *      the count), allocate, then lay out;
 *   4. handle errors: frames_result_str() for the code,
 *      frames_error_last_message() for what exactly was wrong.
 *
 * Build against an installed libframes:
 *   cc -std=c99 layout_example.c $(pkg-config --cflags --libs frames)
 * or in CMake: find_package(Frames 0.1 REQUIRED) and
 *   target_link_libraries(app PRIVATE Frames::frames)
 */
#include <frames.h>

#include <stdio.h>
#include <stdlib.h>

/* Prints a failed call's code and message, and returns the code. */
static frames_result report(const char *what, frames_result result) {
    if (result != FRAMES_OK) {
        fprintf(stderr, "%s failed: %s (%d): %s\n", what, frames_result_str(result), (int)result,
                frames_error_last_message());
    }
    return result;
}

/* 1. Header and library versions: same major, library at least as new. */
static int check_version(void) {
    uint32_t library = frames_version_number();
    printf("libframes %s (header %s)\n", frames_version_string(), FRAMES_VERSION_STRING);
    if (library / 1000000 != FRAMES_VERSION_MAJOR || library < FRAMES_VERSION_NUMBER) {
        fprintf(stderr, "version mismatch: compiled against %s, loaded %s\n", FRAMES_VERSION_STRING,
                frames_version_string());
        return 0;
    }
    return 1;
}

/* 2 + 3. Lays out `count` banners, sizing the rect buffer with a query first,
 * and prints the result. */
static int show_layout(const char *title, const frames_appearance *appearance, double container_width,
                       const double *ratios, size_t count, bool rtl) {
    size_t needed = 0, laid_out = 0, i;
    double content_height = 0;
    frames_rect *rects;
    frames_result result;

    /* Size query: no buffer yet. FRAMES_OK means nothing is laid out (e.g. a
     * banner limit of 0); FRAMES_ERR_BUFFER_TOO_SMALL gives the count. */
    result = frames_layout_banners(appearance, container_width, ratios, count, rtl, NULL, 0, &needed,
                                   &content_height);
    if (result == FRAMES_OK) {
        needed = 0;
    } else if (result != FRAMES_ERR_BUFFER_TOO_SMALL) {
        return report(title, result) == FRAMES_OK;
    }
    printf("\n%s (width %g%s) - size query: %zu rects needed\n", title, container_width, rtl ? ", RTL" : "",
           needed);

    rects = malloc((needed > 0 ? needed : 1) * sizeof *rects);
    if (rects == NULL) return 0;
    result = frames_layout_banners(appearance, container_width, ratios, count, rtl, rects, needed, &laid_out,
                                   &content_height);
    if (report(title, result) != FRAMES_OK) {
        free(rects);
        return 0;
    }
    for (i = 0; i < laid_out; i++) {
        printf("  banner %zu (ratio %g): x %7.2f  y %7.2f  w %7.2f  h %5.0f\n", i, ratios[i], rects[i].x,
               rects[i].y, rects[i].width, rects[i].height);
    }
    printf("  content height: %g\n", content_height);
    free(rects);
    return 1;
}

int main(void) {
    /* Banner ratios are width / height: 2.0 is twice as wide as tall. */
    const double ratios[5] = { 2.0, 1.0, 1.5, 3.0, 1.0 };
    frames_appearance tiles = FRAMES_APPEARANCE_INIT;
    frames_appearance carousel = FRAMES_APPEARANCE_INIT;
    frames_appearance broken;
    frames_result result;
    int ok = 1;

    if (!check_version()) return 1;

    /* Tiles: two columns, 16-point insets, at most 3 banners. */
    tiles.layout_type = FRAMES_LAYOUT_TYPE_TILES;
    tiles.side_inset = 16;
    tiles.max_banners_count = 3;
    ok &= show_layout("tiles", &tiles, 375, ratios, 5, false);

    /* Carousel: pages 20 points narrower than the screen on each side, so
     * the neighbours peek in; all banners (the carousel ignores the limit). */
    carousel.side_inset = 20;
    carousel.inter_item_spacing = 10;
    ok &= show_layout("carousel", &carousel, 375, ratios, 5, false);
    ok &= show_layout("carousel", &carousel, 375, ratios, 5, true);

    /* 4. Errors: a ratio must be a positive finite number. The code says what
     * kind of error; the message says exactly what was wrong. */
    {
        const double bad_ratios[3] = { 2.0, 0.0, 1.0 };
        size_t n;
        double h;
        frames_rect rects[3];
        printf("\nerror handling:\n");
        result = frames_layout_banners(&tiles, 375, bad_ratios, 3, false, rects, 3, &n, &h);
        printf("  bad ratio  -> %s (%d): %s\n", frames_result_str(result), (int)result,
               frames_error_last_message());
        if (result != FRAMES_ERR_INVALID_ARGUMENT) ok = 0;
    }

    /* Configuration mistakes can be caught early with validate. */
    broken = tiles;
    broken.corner_radius = -4;
    result = frames_appearance_validate(&broken);
    printf("  bad radius -> %s (%d): %s\n", frames_result_str(result), (int)result, frames_error_last_message());
    if (result != FRAMES_ERR_INVALID_ARGUMENT) ok = 0;
    frames_error_clear(); /* forget it; the library stays usable */

    return ok ? 0 : 1;
}
