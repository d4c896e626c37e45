/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Trace events: the objects TRACE_EVENT() instantiates (event classes,
 * calls and per-instance files), the record header every event starts
 * with, and the glue perf and BPF use to attach to events.
 *
 * Event tracing itself arrives with CONFIG_EVENT_TRACING; what is here now
 * is the interface perf core and BPF compile against whether or not
 * events exist.
 */
#ifndef _LINUX_TRACE_EVENT_H
#define _LINUX_TRACE_EVENT_H

#include <linux/ring_buffer.h>
#include <linux/trace_seq.h>
#include <linux/percpu.h>
#include <linux/hardirq.h>
#include <linux/perf_event.h>
#include <linux/tracepoint.h>

struct trace_event_call;
struct bpf_prog;
struct bpf_raw_tp_link;
union bpf_attr;

/* The longest string an event filter compares against. */
#define MAX_FILTER_STR_VAL	256U

/*
 * BPF programs on trace events come with CONFIG_BPF_EVENTS, which we do
 * not offer: every attach is refused and a BPF test on an event passes the
 * event through.
 */
static inline unsigned int trace_call_bpf(struct trace_event_call *call,
					  void *ctx)
{
	return 1;
}

static inline int perf_event_attach_bpf_prog(struct perf_event *event,
					     struct bpf_prog *prog,
					     u64 bpf_cookie)
{
	return -EOPNOTSUPP;
}

static inline void perf_event_detach_bpf_prog(struct perf_event *event)
{
}

static inline int perf_event_query_prog_array(struct perf_event *event,
					      void __user *info)
{
	return -EOPNOTSUPP;
}

static inline int bpf_probe_register(struct bpf_raw_event_map *btp,
				     struct bpf_raw_tp_link *link)
{
	return -EOPNOTSUPP;
}

static inline int bpf_probe_unregister(struct bpf_raw_event_map *btp,
				       struct bpf_raw_tp_link *link)
{
	return -EOPNOTSUPP;
}

static inline struct bpf_raw_event_map *bpf_get_raw_tracepoint(const char *name)
{
	return NULL;
}

static inline void bpf_put_raw_tracepoint(struct bpf_raw_event_map *btp)
{
}

static inline int bpf_get_perf_event_info(const struct perf_event *event,
					  u32 *prog_id, u32 *fd_type,
					  const char **buf, u64 *probe_offset,
					  u64 *probe_addr,
					  unsigned long *missed)
{
	return -EOPNOTSUPP;
}

static inline int bpf_kprobe_multi_link_attach(const union bpf_attr *attr,
					       struct bpf_prog *prog)
{
	return -EOPNOTSUPP;
}

static inline int bpf_uprobe_multi_link_attach(const union bpf_attr *attr,
					       struct bpf_prog *prog)
{
	return -EOPNOTSUPP;
}

#ifdef CONFIG_PERF_EVENTS
/* Defined by perf core (kernel/events/core.c). */
int perf_event_set_bpf_prog(struct perf_event *event, struct bpf_prog *prog,
			    u64 bpf_cookie);
void perf_event_free_bpf_prog(struct perf_event *event);
#endif

#endif /* _LINUX_TRACE_EVENT_H */
