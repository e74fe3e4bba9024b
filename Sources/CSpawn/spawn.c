#define _GNU_SOURCE
#include "CSpawn.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <unistd.h>

int ttsite_spawn(pid_t *pid, const char *path, char *const argv[], char *const envp[], const char *folder,
                 int input, int output, int errors) {
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    int failed = posix_spawn_file_actions_init(&actions);
    if (failed) return failed;
    failed = posix_spawnattr_init(&attributes);
    if (failed) {
        posix_spawn_file_actions_destroy(&actions);
        return failed;
    }
    if (input >= 0) {
        failed = posix_spawn_file_actions_adddup2(&actions, input, 0);
    } else {
        failed = posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    }
    if (!failed) failed = posix_spawn_file_actions_adddup2(&actions, output, 1);
    if (!failed) failed = posix_spawn_file_actions_adddup2(&actions, errors, 2);
    if (!failed && folder) failed = posix_spawn_file_actions_addchdir_np(&actions, folder);
    short flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP;
#if defined(__APPLE__)
    flags |= POSIX_SPAWN_CLOEXEC_DEFAULT;
#else
    if (!failed) failed = posix_spawn_file_actions_addclosefrom_np(&actions, 3);
#endif
    sigset_t none, all;
    sigemptyset(&none);
    sigfillset(&all);
    if (!failed) failed = posix_spawnattr_setsigmask(&attributes, &none);
    if (!failed) failed = posix_spawnattr_setsigdefault(&attributes, &all);
    if (!failed) failed = posix_spawnattr_setpgroup(&attributes, 0);
    if (!failed) failed = posix_spawnattr_setflags(&attributes, flags);
    if (!failed) failed = posix_spawn(pid, path, &actions, &attributes, argv, envp);
    posix_spawnattr_destroy(&attributes);
    posix_spawn_file_actions_destroy(&actions);
    return failed;
}

int ttsite_pipe(int fds[2]) {
#if defined(__APPLE__)
    if (pipe(fds) != 0) return -1;
    fcntl(fds[0], F_SETFD, FD_CLOEXEC);
    fcntl(fds[1], F_SETFD, FD_CLOEXEC);
    return 0;
#else
    return pipe2(fds, O_CLOEXEC);
#endif
}

int ttsite_pipe_size(int fd, int bytes) {
#if defined(F_SETPIPE_SZ)
    return fcntl(fd, F_SETPIPE_SZ, bytes);
#else
    (void)fd;
    (void)bytes;
    return -1;
#endif
}
