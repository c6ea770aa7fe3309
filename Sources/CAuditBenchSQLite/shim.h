#include <sqlite3.h>

/// sqlite3_bind_blob with SQLITE_TRANSIENT (a macro Swift cannot import).
static inline int bench_bind_blob(sqlite3_stmt *statement, int index, const void *bytes, int count) {
    return sqlite3_bind_blob(statement, index, bytes, count, SQLITE_TRANSIENT);
}

/// sqlite3_bind_text with SQLITE_TRANSIENT.
static inline int bench_bind_text(sqlite3_stmt *statement, int index, const char *text) {
    return sqlite3_bind_text(statement, index, text, -1, SQLITE_TRANSIENT);
}
