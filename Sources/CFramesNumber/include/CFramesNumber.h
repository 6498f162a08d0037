/* Decimal text to double with the C library's correctly rounded strtod_l,
   in the "C" locale whatever the host process set: for FramesCore's JSON
   and property-list readers (Parsing/JSONNumberToken.swift,
   Parsing/XMLPropertyListReader+Scalars.swift). The same parser serves the
   standard and the Embedded build, whose standard library has no
   Double(String) (docs/decisions.md, "Embedded Swift"). Internal to
   libframes.so: hidden visibility, outside the frames_* names that
   Sources/FramesCABI/frames.map exports. */
#ifndef CFRAMES_NUMBER_H
#define CFRAMES_NUMBER_H

#include <stddef.h>
#include <stdint.h>

#define CFRAMES_NUMBER_INTERNAL __attribute__((visibility("hidden")))

/* The longest text cframes_parse_decimal reads, in bytes. */
#define CFRAMES_NUMBER_MAX_BYTES 512

/* Reads the `length` bytes at `text` (not NUL-terminated) as a decimal
   number and stores it in `*value`: +-infinity when it overflows, as
   strtod does. Returns 1 when every byte was part of the number, 0 (and
   leaves `*value` alone) when a byte was not, the text is empty or longer
   than CFRAMES_NUMBER_MAX_BYTES, or the "C" locale is not available.
   Thread-safe. The callers check the grammar first (JSON's or the
   property list's); leading spaces, hexadecimal and "inf"/"nan", which
   strtod also takes, are refused here all the same. */
CFRAMES_NUMBER_INTERNAL int cframes_parse_decimal(const uint8_t *text, size_t length, double *value);

#endif
