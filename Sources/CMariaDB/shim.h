// MariaDB Connector/C, the client library of MariaDB and MySQL servers: the connection with
// its option file (`~/.my.cnf`) and TLS, statements prepared to see what they are, and a
// text result read one row at a time.
#include <mysql.h>
#include <mysqld_error.h>
#include <errmsg.h>
