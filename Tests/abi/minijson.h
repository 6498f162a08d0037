/*
 * minijson.h — just enough JSON for ffi_sweep.c to read functions.json
 * (objects, arrays, strings with the escapes json.dump writes, numbers,
 * true/false/null). A value tree allocated with malloc; the sweep reads it
 * once and never frees it. Not a general-purpose parser: it rejects \u
 * escapes outside ASCII, which gen_functions.py never writes.
 */
#ifndef MINIJSON_H
#define MINIJSON_H

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef enum { MJ_NULL, MJ_BOOL, MJ_NUMBER, MJ_STRING, MJ_ARRAY, MJ_OBJECT } mj_kind;

typedef struct mj_value {
    mj_kind kind;
    double number;
    int boolean;
    char *string;            /* MJ_STRING */
    size_t count;            /* MJ_ARRAY / MJ_OBJECT */
    char **keys;             /* MJ_OBJECT */
    struct mj_value **items; /* MJ_ARRAY / MJ_OBJECT */
} mj_value;

typedef struct {
    const char *p;
    const char *error;
} mj_parser;

static void mj_ws(mj_parser *ps) {
    while (*ps->p && isspace((unsigned char)*ps->p)) ps->p++;
}

static mj_value *mj_new(mj_kind kind) {
    mj_value *v = (mj_value *)calloc(1, sizeof *v);
    if (!v) { fprintf(stderr, "out of memory\n"); exit(2); }
    v->kind = kind;
    return v;
}

static char *mj_string_raw(mj_parser *ps) {
    size_t cap = 16, n = 0;
    char *s;
    if (*ps->p != '"') { ps->error = "expected a string"; return NULL; }
    ps->p++;
    s = (char *)malloc(cap);
    while (*ps->p && *ps->p != '"') {
        char c = *ps->p++;
        if (c == '\\') {
            char e = *ps->p++;
            switch (e) {
            case 'n': c = '\n'; break;
            case 't': c = '\t'; break;
            case 'r': c = '\r'; break;
            case 'b': c = '\b'; break;
            case 'f': c = '\f'; break;
            case 'u': {
                unsigned code = 0;
                int i;
                for (i = 0; i < 4; i++) {
                    char h = *ps->p++;
                    code = code * 16 + (unsigned)(isdigit((unsigned char)h) ? h - '0' : (tolower((unsigned char)h) - 'a' + 10));
                }
                if (code > 0x7f) { ps->error = "non-ASCII \\u escape"; free(s); return NULL; }
                c = (char)code;
                break;
            }
            default: c = e; break; /* \" \\ \/ */
            }
        }
        if (n + 2 > cap) { cap *= 2; s = (char *)realloc(s, cap); }
        s[n++] = c;
    }
    if (*ps->p != '"') { ps->error = "unterminated string"; free(s); return NULL; }
    ps->p++;
    s[n] = '\0';
    return s;
}

static mj_value *mj_parse_value(mj_parser *ps) {
    mj_value *v;
    mj_ws(ps);
    if (ps->error) return NULL;
    switch (*ps->p) {
    case '{':
    case '[': {
        int object = *ps->p == '{';
        char close = object ? '}' : ']';
        size_t cap = 8;
        v = mj_new(object ? MJ_OBJECT : MJ_ARRAY);
        v->items = (mj_value **)malloc(cap * sizeof *v->items);
        v->keys = object ? (char **)malloc(cap * sizeof *v->keys) : NULL;
        ps->p++;
        mj_ws(ps);
        if (*ps->p == close) { ps->p++; return v; }
        for (;;) {
            char *key = NULL;
            mj_value *item;
            mj_ws(ps);
            if (object) {
                key = mj_string_raw(ps);
                if (!key) return NULL;
                mj_ws(ps);
                if (*ps->p != ':') { ps->error = "expected ':'"; return NULL; }
                ps->p++;
            }
            item = mj_parse_value(ps);
            if (!item) return NULL;
            if (v->count == cap) {
                cap *= 2;
                v->items = (mj_value **)realloc(v->items, cap * sizeof *v->items);
                if (object) v->keys = (char **)realloc(v->keys, cap * sizeof *v->keys);
            }
            if (object) v->keys[v->count] = key;
            v->items[v->count++] = item;
            mj_ws(ps);
            if (*ps->p == ',') { ps->p++; continue; }
            if (*ps->p == close) { ps->p++; return v; }
            ps->error = object ? "expected ',' or '}'" : "expected ',' or ']'";
            return NULL;
        }
    }
    case '"':
        v = mj_new(MJ_STRING);
        v->string = mj_string_raw(ps);
        return v->string ? v : NULL;
    case 't':
    case 'f':
    case 'n': {
        const char *word = *ps->p == 't' ? "true" : *ps->p == 'f' ? "false" : "null";
        if (strncmp(ps->p, word, strlen(word)) != 0) { ps->error = "bad literal"; return NULL; }
        ps->p += strlen(word);
        v = mj_new(*word == 'n' ? MJ_NULL : MJ_BOOL);
        v->boolean = *word == 't';
        return v;
    }
    default: {
        char *end;
        double d = strtod(ps->p, &end);
        if (end == ps->p) { ps->error = "unexpected character"; return NULL; }
        ps->p = end;
        v = mj_new(MJ_NUMBER);
        v->number = d;
        return v;
    }
    }
}

/* Parses a whole document; on error prints it and exits. */
static mj_value *mj_parse_file(const char *path) {
    FILE *f = fopen(path, "rb");
    long size;
    char *text;
    mj_parser ps;
    mj_value *v;
    if (!f) { perror(path); exit(2); }
    fseek(f, 0, SEEK_END);
    size = ftell(f);
    fseek(f, 0, SEEK_SET);
    text = (char *)malloc((size_t)size + 1);
    if (fread(text, 1, (size_t)size, f) != (size_t)size) { perror(path); exit(2); }
    text[size] = '\0';
    fclose(f);
    ps.p = text;
    ps.error = NULL;
    v = mj_parse_value(&ps);
    if (!v || ps.error) {
        fprintf(stderr, "%s: JSON error at byte %ld: %s\n", path, (long)(ps.p - text), ps.error ? ps.error : "?");
        exit(2);
    }
    return v;
}

static mj_value *mj_get(const mj_value *object, const char *key) {
    size_t i;
    if (!object || object->kind != MJ_OBJECT) return NULL;
    for (i = 0; i < object->count; i++)
        if (strcmp(object->keys[i], key) == 0) return object->items[i];
    return NULL;
}

static const char *mj_str(const mj_value *object, const char *key) {
    mj_value *v = mj_get(object, key);
    return v && v->kind == MJ_STRING ? v->string : NULL;
}

#endif /* MINIJSON_H */
