/* cframes_parse_decimal: see include/CFramesNumber.h. */
#define _GNU_SOURCE
#include "CFramesNumber.h"

#include <locale.h>
#include <stdlib.h>
#include <string.h>

/* newlocale once per process; a race makes two and frees the loser. */
static locale_t c_locale(void) {
    static locale_t shared;
    locale_t seen = __atomic_load_n(&shared, __ATOMIC_ACQUIRE);
    if (seen) return seen;
    locale_t made = newlocale(LC_ALL_MASK, "C", (locale_t)0);
    if (!made) return (locale_t)0;
    locale_t expected = (locale_t)0;
    if (__atomic_compare_exchange_n(&shared, &expected, made, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) return made;
    freelocale(made);
    return expected;
}

static int is_decimal_byte(uint8_t b) {
    return (b >= '0' && b <= '9') || b == '.' || b == '-' || b == '+' || b == 'e' || b == 'E';
}

int cframes_parse_decimal(const uint8_t *text, size_t length, double *value) {
    char copy[CFRAMES_NUMBER_MAX_BYTES + 1];
    char *end = NULL;
    size_t i;
    locale_t locale;
    double parsed;
    if (!text || !value || length == 0 || length > CFRAMES_NUMBER_MAX_BYTES) return 0;
    /* Only the bytes of a decimal number: strtod would also take leading
       spaces, hexadecimal and inf/nan. */
    for (i = 0; i < length; i++)
        if (!is_decimal_byte(text[i])) return 0;
    locale = c_locale();
    if (!locale) return 0;
    memcpy(copy, text, length);
    copy[length] = '\0';
    parsed = strtod_l(copy, &end, locale);
    if (end != copy + length) return 0;
    *value = parsed;
    return 1;
}
