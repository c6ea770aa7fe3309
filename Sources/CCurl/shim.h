#ifndef STROKE_TRIAGE_CCURL_SHIM_H
#define STROKE_TRIAGE_CCURL_SHIM_H
#include <curl/curl.h>

/* Fixed-signature wrappers for libcurl's variadic calls, which Swift cannot
   call directly. One wrapper per argument type. */

typedef size_t (*stroke_curl_data_callback)(char *buffer, size_t size, size_t count, void *userdata);
typedef int (*stroke_curl_progress_callback)(void *userdata, curl_off_t dltotal, curl_off_t dlnow,
                                             curl_off_t ultotal, curl_off_t ulnow);

static inline CURLcode stroke_curl_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode stroke_curl_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode stroke_curl_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode stroke_curl_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode stroke_curl_setopt_data_callback(CURL *handle, CURLoption option,
                                                        stroke_curl_data_callback value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode stroke_curl_setopt_progress_callback(CURL *handle, CURLoption option,
                                                            stroke_curl_progress_callback value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode stroke_curl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode stroke_curl_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value) {
    return curl_easy_getinfo(handle, info, value);
}

#endif
