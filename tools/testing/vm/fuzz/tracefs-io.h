/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * One write of a string to a tracefs file, shared by the stress programs.
 */
#ifndef TRACEFS_IO_H
#define TRACEFS_IO_H

/*
 * write_str - open @path for writing with @flags (O_TRUNC, O_APPEND or 0),
 * write @s in one write() and close it.  Returns 0, or -1 with errno set.
 */
int write_str(const char *path, const char *s, int flags);

#endif
