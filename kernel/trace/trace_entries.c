// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * events/ftrace/: the record types the tracing core writes itself
 * (trace_printk(), trace_marker, stacks ...) described as events, so that
 * binary readers (trace-cmd, perf) can decode them from their format
 * files.  They have an id and a format, and cannot be enabled.
 *
 * One entry of records[] describes one record type: its name, type
 * number, fields in struct order, and print fmt.  The fields must match
 * the record's structure in trace.h; the print fmt is what upstream Linux
 * prints, as tools match on it.
 */

#include "trace.h"

/* A field, as the format file shows it; offsets follow from alignment. */
#define REC_FIELD(_type, _item) {					\
		.type = #_type, .name = #_item,				\
		.size = sizeof(_type), .align = __alignof__(_type),	\
		.is_signed = is_signed_type(_type),			\
		.filter_type = FILTER_OTHER }

/* A function address: options/fields shows it as a symbol. */
#define REC_FIELD_FN(_type, _item) {					\
		.type = #_type, .name = #_item,				\
		.size = sizeof(_type), .align = __alignof__(_type),	\
		.is_signed = is_signed_type(_type),			\
		.filter_type = FILTER_TRACE_FN }

/* A fixed array of _len elements, the length spelled _text in the type. */
#define REC_ARRAY_AS(_type, _item, _len, _text) {			\
		.type = #_type "[" _text "]", .name = #_item,		\
		.size = sizeof(_type[_len]), .align = __alignof__(_type), \
		.is_signed = is_signed_type(_type),			\
		.filter_type = FILTER_OTHER, .len = _len }

/* A fixed array of _len elements. */
#define REC_ARRAY(_type, _item, _len)					\
	REC_ARRAY_AS(_type, _item, _len, __stringify(_len))

/* The eight stack entries of kernel_stack and user_stack, as %ps. */
#define REC_PRINT_STACK							\
	REC_PRINT("\t=> %ps\n\t=> %ps\n\t=> %ps\n"			\
		  "\t=> %ps\n\t=> %ps\n\t=> %ps\n"			\
		  "\t=> %ps\n\t=> %ps\n",					\
		  (void *)__entry->caller[0], (void *)__entry->caller[1], \
		  (void *)__entry->caller[2], (void *)__entry->caller[3], \
		  (void *)__entry->caller[4], (void *)__entry->caller[5], \
		  (void *)__entry->caller[6], (void *)__entry->caller[7])

/*
 * context_switch and wakeup print the same fields of a struct
 * ctx_switch_entry; only the arrow between the two tasks differs.
 */
#define REC_PRINT_CTX(_fmt)						\
	REC_PRINT(_fmt,							\
		  __entry->prev_pid, __entry->prev_prio,		\
		  __entry->prev_state, __entry->next_pid,		\
		  __entry->next_prio, __entry->next_state,		\
		  __entry->next_cpu)

/* A trailing array whose length the record's size gives. */
#define REC_TAIL(_type, _item) {					\
		.type = #_type "[]", .name = #_item,			\
		.size = 0, .align = __alignof__(_type),			\
		.is_signed = is_signed_type(_type),			\
		.filter_type = FILTER_OTHER }

/* The branch record's function and file names: 30 and 20 characters. */
#define BRANCH_FUNC_LEN	(30 + 1)
#define BRANCH_FILE_LEN	(20 + 1)

/* Print formats too long for a line; one string each, as upstream's. */
#define HWLAT_PRINT_FMT							\
	"cnt:%u\tts:%010llu.%010lu\tinner:%llu\touter:%llu\tcount:%d\tnmi-ts:%llu\tnmi-count:%u\n"
#define OSNOISE_PRINT_FMT						\
	"noise:%llu\tmax_sample:%llu\thw:%u\tnmi:%u\tirq:%u\tsoftirq:%u\tthread:%u\n"

/* The print fmt: the format and its arguments as text, the record as REC. */
#define __entry REC
#define REC_PRINT(fmt, args...)	__stringify(fmt) ", " __stringify(args)

#define RECORD(_name, _type, _print, _fields...) {			\
		.name = #_name, .type = _type,				\
		.fields = (struct trace_event_fields[]){ _fields, {} },	\
		.print_fmt = _print }

/* A record whose fields are an array of their own, shared. */
#define RECORD_SHARED(_name, _type, _print, _fields) {			\
		.name = #_name, .type = _type, .fields = _fields,	\
		.print_fmt = _print }

/* The fields of struct ctx_switch_entry: context_switch and wakeup. */
static struct trace_event_fields ctx_switch_fields[] = {
	REC_FIELD(unsigned int, prev_pid),
	REC_FIELD(unsigned int, next_pid),
	REC_FIELD(unsigned int, next_cpu),
	REC_FIELD(unsigned char, prev_prio),
	REC_FIELD(unsigned char, prev_state),
	REC_FIELD(unsigned char, next_prio),
	REC_FIELD(unsigned char, next_state),
	{}
};

/**
 * struct core_record - a record type of the core, for events/ftrace/
 * @name:      the directory name
 * @type:      the record type (enum trace_type)
 * @fields:    its fields after struct trace_entry, ended by an empty one
 * @print_fmt: the format file's "print fmt"
 */
struct core_record {
	const char			*name;
	int				type;
	struct trace_event_fields	*fields;
	const char			*print_fmt;
};

static const struct core_record records[] = {
#ifdef CONFIG_FUNCTION_TRACER
	RECORD(function, TRACE_FN,
	       REC_PRINT(" %ps <-- %ps", (void *)__entry->ip,
			 (void *)__entry->parent_ip),
	       REC_FIELD_FN(unsigned long, ip),
	       REC_FIELD_FN(unsigned long, parent_ip)),

	RECORD(func_repeats, TRACE_FUNC_REPEATS,
	       REC_PRINT(" %ps <-%ps\t(repeats:%u  delta: -%llu)",
			 (void *)__entry->ip, (void *)__entry->parent_ip,
			 __entry->count,
			 ((u64)__entry->top_delta_ts << 32) |
			 __entry->bottom_delta_ts),
	       REC_FIELD(unsigned long, ip),
	       REC_FIELD(unsigned long, parent_ip),
	       REC_FIELD(u16, count),
	       REC_FIELD(u16, top_delta_ts),
	       REC_FIELD(u32, bottom_delta_ts)),
#endif

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	RECORD(funcgraph_entry, TRACE_GRAPH_ENT,
	       REC_PRINT("--> %ps (%d)", (void *)__entry->func, __entry->depth),
	       REC_FIELD(unsigned long, func),
	       REC_FIELD(int, depth)),

#ifdef CONFIG_FUNCTION_GRAPH_RETVAL
	RECORD(funcgraph_exit, TRACE_GRAPH_RET,
	       REC_PRINT("<-- %ps (%d) (start: %llx  end: %llx) over: %d retval: %lx",
			 (void *)__entry->func, __entry->depth,
			 __entry->calltime, __entry->rettime,
			 __entry->depth, __entry->retval),
	       REC_FIELD(unsigned long, func),
	       REC_FIELD(unsigned long, retval),
	       REC_FIELD(int, depth),
	       REC_FIELD(unsigned int, overrun),
	       REC_FIELD(unsigned long long, calltime),
	       REC_FIELD(unsigned long long, rettime)),
#else
	RECORD(funcgraph_exit, TRACE_GRAPH_RET,
	       REC_PRINT("<-- %ps (%d) (start: %llx  end: %llx) over: %d",
			 (void *)__entry->func, __entry->depth,
			 __entry->calltime, __entry->rettime,
			 __entry->depth),
	       REC_FIELD(unsigned long, func),
	       REC_FIELD(int, depth),
	       REC_FIELD(unsigned int, overrun),
	       REC_FIELD(unsigned long long, calltime),
	       REC_FIELD(unsigned long long, rettime)),
#endif
#endif

	RECORD_SHARED(context_switch, TRACE_CTX,
		      REC_PRINT_CTX("%u:%u:%u  ==> %u:%u:%u [%03u]"),
		      ctx_switch_fields),

	RECORD_SHARED(wakeup, TRACE_WAKE,
		      REC_PRINT_CTX("%u:%u:%u  ==+ %u:%u:%u [%03u]"),
		      ctx_switch_fields),

	RECORD(kernel_stack, TRACE_STACK, REC_PRINT_STACK,
	       REC_FIELD(int, size),
	       REC_ARRAY(unsigned long, caller, FTRACE_STACK_ENTRIES)),

	RECORD(user_stack, TRACE_USER_STACK, REC_PRINT_STACK,
	       REC_FIELD(unsigned int, tgid),
	       REC_ARRAY(unsigned long, caller, FTRACE_STACK_ENTRIES)),

	RECORD(bprint, TRACE_BPRINT,
	       REC_PRINT("%ps: %s", (void *)__entry->ip, __entry->fmt),
	       REC_FIELD(unsigned long, ip),
	       REC_FIELD(const char *, fmt),
	       REC_TAIL(u32, buf)),

	RECORD(print, TRACE_PRINT,
	       REC_PRINT("%ps: %s", (void *)__entry->ip, __entry->buf),
	       REC_FIELD(unsigned long, ip),
	       REC_TAIL(char, buf)),

	RECORD(raw_data, TRACE_RAW_DATA,
	       REC_PRINT("id:%04x %08x", __entry->id, (int)__entry->buf[0]),
	       REC_FIELD(unsigned int, id),
	       REC_TAIL(char, buf)),

	RECORD(bputs, TRACE_BPUTS,
	       REC_PRINT("%ps: %s", (void *)__entry->ip, __entry->str),
	       REC_FIELD(unsigned long, ip),
	       REC_FIELD(const char *, str)),

	/* The records of tracers not written here: see trace.h. */
	RECORD(mmiotrace_rw, TRACE_MMIO_RW,
	       REC_PRINT("%lx %lx %lx %d %x %x",
			 (unsigned long)__entry->phys, __entry->value,
			 __entry->pc, __entry->map_id, __entry->opcode,
			 __entry->width),
	       REC_FIELD(resource_size_t, phys),
	       REC_FIELD(unsigned long, value),
	       REC_FIELD(unsigned long, pc),
	       REC_FIELD(int, map_id),
	       REC_FIELD(unsigned char, opcode),
	       REC_FIELD(unsigned char, width)),

	RECORD(mmiotrace_map, TRACE_MMIO_MAP,
	       REC_PRINT("%lx %lx %lx %d %x",
			 (unsigned long)__entry->phys, __entry->virt,
			 __entry->len, __entry->map_id, __entry->opcode),
	       REC_FIELD(resource_size_t, phys),
	       REC_FIELD(unsigned long, virt),
	       REC_FIELD(unsigned long, len),
	       REC_FIELD(int, map_id),
	       REC_FIELD(unsigned char, opcode)),

	RECORD(branch, TRACE_BRANCH,
	       REC_PRINT("%u:%s:%s (%u)%s",
			 __entry->line, __entry->func, __entry->file,
			 __entry->correct,
			 __entry->constant ? " CONSTANT" : ""),
	       REC_FIELD(unsigned int, line),
	       REC_ARRAY_AS(char, func, BRANCH_FUNC_LEN, "30+1"),
	       REC_ARRAY_AS(char, file, BRANCH_FILE_LEN, "20+1"),
	       REC_FIELD(char, correct),
	       REC_FIELD(char, constant)),

	RECORD(hwlat, TRACE_HWLAT,
	       REC_PRINT(HWLAT_PRINT_FMT,
			 __entry->seqnum, __entry->tv_sec, __entry->tv_nsec,
			 __entry->duration, __entry->outer_duration,
			 __entry->count, __entry->nmi_total_ts,
			 __entry->nmi_count),
	       REC_FIELD(u64, duration),
	       REC_FIELD(u64, outer_duration),
	       REC_FIELD(u64, nmi_total_ts),
	       REC_FIELD(s64, tv_sec),
	       REC_FIELD(long, tv_nsec),
	       REC_FIELD(unsigned int, nmi_count),
	       REC_FIELD(unsigned int, seqnum),
	       REC_FIELD(unsigned int, count)),

	RECORD(osnoise, TRACE_OSNOISE,
	       REC_PRINT(OSNOISE_PRINT_FMT,
			 __entry->noise, __entry->max_sample,
			 __entry->hw_count, __entry->nmi_count,
			 __entry->irq_count, __entry->softirq_count,
			 __entry->thread_count),
	       REC_FIELD(u64, noise),
	       REC_FIELD(u64, runtime),
	       REC_FIELD(u64, max_sample),
	       REC_FIELD(unsigned int, hw_count),
	       REC_FIELD(unsigned int, nmi_count),
	       REC_FIELD(unsigned int, irq_count),
	       REC_FIELD(unsigned int, softirq_count),
	       REC_FIELD(unsigned int, thread_count)),

	RECORD(timerlat, TRACE_TIMERLAT,
	       REC_PRINT("seq:%u\tcontext:%d\ttimer_latency:%llu\n",
			 __entry->seqnum, __entry->context,
			 __entry->timer_latency),
	       REC_FIELD(unsigned int, seqnum),
	       REC_FIELD(int, context),
	       REC_FIELD(u64, timer_latency)),
};

static struct trace_event_class record_classes[ARRAY_SIZE(records)];
static struct trace_event_call record_calls[ARRAY_SIZE(records)];

/**
 * trace_export_find_call - the events/ftrace/ event of a core record type
 * @type: the record type
 *
 * The events are registered at boot and never go away.
 *
 * Return: the event, or NULL if the type has none.
 */
struct trace_event_call *trace_export_find_call(int type)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(records); i++)
		if (records[i].type == type && record_calls[i].class)
			return &record_calls[i];
	return NULL;
}

/**
 * trace_export_register - register the core's record types as events
 *
 * Called at boot with event_mutex held.  Their record types and print
 * functions are the core's (trace_output.c); this only describes them.
 *
 * Return: 0 or a -errno.
 */
int __init trace_export_register(void)
{
	int i, ret;

	for (i = 0; i < ARRAY_SIZE(records); i++) {
		struct trace_event_class *class = &record_classes[i];
		struct trace_event_call *call = &record_calls[i];

		class->system = "ftrace";
		class->fields_array = records[i].fields;
		INIT_LIST_HEAD(&class->fields);
		call->class = class;
		call->name = records[i].name;
		call->event.type = records[i].type;
		call->print_fmt = (char *)records[i].print_fmt;
		call->flags = TRACE_EVENT_FL_IGNORE_ENABLE;
		ret = trace_event_register_core(call);
		if (ret)
			return ret;
	}
	return 0;
}
