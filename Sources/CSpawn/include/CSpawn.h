#ifndef CSPAWN_H
#define CSPAWN_H

#include <sys/types.h>

/// Starts `path` with `argv` and `envp` in `folder`, in a process group of its own, with no
/// signal blocked or ignored, and with only three descriptors open: `input` as stdin (or
/// /dev/null when it is -1), `output` as stdout and `errors` as stderr. Nothing else the
/// caller has open goes along. Returns 0 and sets `*pid`, or an errno value.
///
/// The calls it needs (`posix_spawn_file_actions_addchdir_np`, `…_addclosefrom_np`,
/// `pipe2`) are GNU extensions that Swift's Glibc module does not show.
int ttsite_spawn(pid_t *pid, const char *path, char *const argv[], char *const envp[], const char *folder,
                 int input, int output, int errors);

/// A pipe whose two ends close on exec, made in one step (no other thread's child can
/// inherit it in between). Returns 0, or -1 with errno set.
int ttsite_pipe(int fds[2]);

/// Makes the pipe whose end is `fd` hold `bytes` (Linux's `F_SETPIPE_SZ`, a GNU extension);
/// returns its new size, or -1 where that cannot be done (and on other systems).
int ttsite_pipe_size(int fd, int bytes);

#endif
