// libpq, PostgreSQL's own client library: the connection, the query sent with the extended
// protocol (one statement only), its rows read one at a time, and cancelling it.
#include <libpq-fe.h>
