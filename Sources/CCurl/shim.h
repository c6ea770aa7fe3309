#ifndef STROKE_TRIAGE_CCURL_SHIM_H
#define STROKE_TRIAGE_CCURL_SHIM_H
#include <curl/curl.h>
#endif
