/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * The trace_array API for modules (private trace instances written with
 * trace_array_printk()) and trace exports (a sink that receives a copy of
 * every event, e.g. the STM driver).
 */
#ifndef _LINUX_TRACE_H
#define _LINUX_TRACE_H

#include <linux/bits.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/types.h>

/* What a trace_export wants to receive. */
#define TRACE_EXPORT_FUNCTION	BIT(0)
#define TRACE_EXPORT_EVENT	BIT(1)
#define TRACE_EXPORT_MARKER	BIT(2)

/**
 * struct trace_export - a sink for a copy of the trace data
 * @next:  list link, owned by the tracing core (RCU protected)
 * @write: called with each record of a kind named in @flags
 * @flags: TRACE_EXPORT_* bits
 */
struct trace_export {
	struct trace_export __rcu *next;
	void (*write)(struct trace_export *export, const void *entry,
		      unsigned int size);
	int flags;
};

struct trace_array;

#ifdef CONFIG_TRACING
int register_ftrace_export(struct trace_export *export);
int unregister_ftrace_export(struct trace_export *export);

void trace_printk_init_buffers(void);
int trace_array_init_printk(struct trace_array *tr);
__printf(3, 4)
int trace_array_printk(struct trace_array *tr, unsigned long ip,
		       const char *fmt, ...);
int __trace_array_puts(struct trace_array *tr, unsigned long ip,
		       const char *str, int size);

/* Write a constant string into instance @tr; -1 for a NULL string. */
static __always_inline int trace_array_puts(struct trace_array *tr,
					    const char *str)
{
	return str ? __trace_array_puts(tr, _THIS_IP_, str, strlen(str)) : -1;
}

struct trace_array *trace_array_get_by_name(const char *name,
					    const char *systems);
void trace_array_put(struct trace_array *tr);
int trace_array_destroy(struct trace_array *tr);

#else /* !CONFIG_TRACING */

/*
 * Tracing compiled out: exports cannot attach, instances cannot be had,
 * and writing to a (necessarily NULL) instance does nothing.
 */
static inline int register_ftrace_export(struct trace_export *export)
{
	return -EINVAL;
}

static inline int unregister_ftrace_export(struct trace_export *export)
{
	return 0;
}

static inline void trace_printk_init_buffers(void)
{
}

static inline int trace_array_init_printk(struct trace_array *tr)
{
	return -EINVAL;
}

static inline __printf(3, 4)
int trace_array_printk(struct trace_array *tr, unsigned long ip,
		       const char *fmt, ...)
{
	return 0;
}

static inline struct trace_array *
trace_array_get_by_name(const char *name, const char *systems)
{
	return NULL;
}

static inline void trace_array_put(struct trace_array *tr)
{
}

static inline int trace_array_destroy(struct trace_array *tr)
{
	return 0;
}
#endif /* CONFIG_TRACING */

#endif /* _LINUX_TRACE_H */
