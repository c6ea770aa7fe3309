#ifndef STROKE_TRIAGE_CCURL_SHIM_H
#define STROKE_TRIAGE_CCURL_SHIM_H
#include <curl/curl.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>

/* libcurl is loaded with dlopen on first use instead of being linked: linking
   it pulls about 30 shared libraries (TLS, Kerberos, LDAP, …) into every start
   of the binary, which costs ~5 ms even for commands that never touch the
   network (README, "Benchmarks"). Only CurlEasy.swift calls these functions.

   Fixed-signature wrappers stand in for libcurl's variadic calls, which Swift
   cannot call directly: one wrapper per argument type. */

typedef size_t (*stroke_curl_data_callback)(char *buffer, size_t size, size_t count, void *userdata);
typedef int (*stroke_curl_progress_callback)(void *userdata, curl_off_t dltotal, curl_off_t dlnow,
                                             curl_off_t ultotal, curl_off_t ulnow);

/* The libcurl entry points the project uses. */
typedef struct stroke_curl_api {
    CURLcode (*global_init)(long flags);
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *handle);
    void (*easy_reset)(CURL *handle);
    CURLcode (*easy_perform)(CURL *handle);
    const char *(*easy_strerror)(CURLcode code);
    CURLcode (*easy_setopt)(CURL *handle, CURLoption option, ...);
    CURLcode (*easy_getinfo)(CURL *handle, CURLINFO info, ...);
    struct curl_slist *(*slist_append)(struct curl_slist *list, const char *line);
    void (*slist_free_all)(struct curl_slist *list);
} stroke_curl_api;

/* The loaded table. Function-local state, because Swift emits a header's
   inline functions but not its file-scope statics. */
typedef struct stroke_curl_state {
    stroke_curl_api api;
    int loaded;
    pthread_once_t once;
} stroke_curl_state;

static inline stroke_curl_state *stroke_curl_state_get(void) {
    static stroke_curl_state state = { .loaded = 0, .once = PTHREAD_ONCE_INIT };
    return &state;
}

#define stroke_curl_table (stroke_curl_state_get()->api)

static inline void stroke_curl_load_once(void) {
    void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) library = dlopen("libcurl.so", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) return;
#define STROKE_CURL_SYMBOL(field, name) \
    *(void **)(&stroke_curl_table.field) = dlsym(library, name); \
    if (stroke_curl_table.field == NULL) return;
    STROKE_CURL_SYMBOL(global_init, "curl_global_init")
    STROKE_CURL_SYMBOL(easy_init, "curl_easy_init")
    STROKE_CURL_SYMBOL(easy_cleanup, "curl_easy_cleanup")
    STROKE_CURL_SYMBOL(easy_reset, "curl_easy_reset")
    STROKE_CURL_SYMBOL(easy_perform, "curl_easy_perform")
    STROKE_CURL_SYMBOL(easy_strerror, "curl_easy_strerror")
    STROKE_CURL_SYMBOL(easy_setopt, "curl_easy_setopt")
    STROKE_CURL_SYMBOL(easy_getinfo, "curl_easy_getinfo")
    STROKE_CURL_SYMBOL(slist_append, "curl_slist_append")
    STROKE_CURL_SYMBOL(slist_free_all, "curl_slist_free_all")
#undef STROKE_CURL_SYMBOL
    stroke_curl_state_get()->loaded = 1;
}

/* Loads libcurl once per process; 1 when every entry point was found. */
static inline int stroke_curl_load(void) {
    pthread_once(&stroke_curl_state_get()->once, stroke_curl_load_once);
    return stroke_curl_state_get()->loaded;
}

/* The calls below require a successful stroke_curl_load(). */
static inline CURLcode stroke_curl_global_init(long flags) { return stroke_curl_table.global_init(flags); }
static inline CURL *stroke_curl_easy_init(void) { return stroke_curl_table.easy_init(); }
static inline void stroke_curl_easy_cleanup(CURL *handle) { stroke_curl_table.easy_cleanup(handle); }
static inline void stroke_curl_easy_reset(CURL *handle) { stroke_curl_table.easy_reset(handle); }
static inline CURLcode stroke_curl_easy_perform(CURL *handle) { return stroke_curl_table.easy_perform(handle); }
static inline const char *stroke_curl_easy_strerror(CURLcode code) { return stroke_curl_table.easy_strerror(code); }
static inline struct curl_slist *stroke_curl_slist_append(struct curl_slist *list, const char *line) {
    return stroke_curl_table.slist_append(list, line);
}
static inline void stroke_curl_slist_free_all(struct curl_slist *list) { stroke_curl_table.slist_free_all(list); }

static inline CURLcode stroke_curl_setopt_long(CURL *handle, CURLoption option, long value) {
    return stroke_curl_table.easy_setopt(handle, option, value);
}

static inline CURLcode stroke_curl_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return stroke_curl_table.easy_setopt(handle, option, value);
}

static inline CURLcode stroke_curl_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return stroke_curl_table.easy_setopt(handle, option, value);
}

static inline CURLcode stroke_curl_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
    return stroke_curl_table.easy_setopt(handle, option, value);
}

static inline CURLcode stroke_curl_setopt_data_callback(CURL *handle, CURLoption option,
                                                        stroke_curl_data_callback value) {
    return stroke_curl_table.easy_setopt(handle, option, value);
}

static inline CURLcode stroke_curl_setopt_progress_callback(CURL *handle, CURLoption option,
                                                            stroke_curl_progress_callback value) {
    return stroke_curl_table.easy_setopt(handle, option, value);
}

static inline CURLcode stroke_curl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return stroke_curl_table.easy_getinfo(handle, info, value);
}

static inline CURLcode stroke_curl_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value) {
    return stroke_curl_table.easy_getinfo(handle, info, value);
}

#endif
