// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * README: the tracefs mini-HOWTO.  It has upstream Linux's wording, which
 * scripts grep for features ("[gid=<gid>]" says tracefs takes a group id,
 * ftracetest's "requires:" lines match it), but only the paragraphs of
 * files this kernel has: a feature the README names must exist.
 */

#include <linux/seq_file.h>

#include "trace.h"

/**
 * struct readme_part - a paragraph of the README
 * @file: the tracefs file it is about, or NULL for general text
 * @text: the text
 */
struct readme_part {
	const char	*file;
	const char	*text;
};

static const struct readme_part readme[] = {
	{ NULL, "tracing mini-HOWTO:\n\n" },
	{ NULL, "By default tracefs removes all OTH file permission bits.\n" },
	{ NULL, "When mounting tracefs an optional group id can be specified\n" },
	{ NULL, "which adds the group to every directory and file in tracefs:\n\n" },
	{ NULL, "\t e.g. mount -t tracefs [-o [gid=<gid>]] nodev /sys/kernel/tracing\n\n" },
	{ "tracing_on", "# echo 0 > tracing_on : quick way to disable tracing\n" },
	{ "tracing_on", "# echo 1 > tracing_on : quick way to re-enable tracing\n\n" },
	{ NULL, " Important files:\n" },
	{ "trace", "  trace\t\t\t- The static contents of the buffer\n" },
	{ "trace", "\t\t\t  To clear the buffer write into this file: echo > trace\n" },
	{ "trace_pipe", "  trace_pipe\t\t- A consuming read to see the contents of the buffer\n" },
	{ "current_tracer", "  current_tracer\t- function and latency tracers\n" },
	{ "available_tracers", "  available_tracers\t- list of configured tracers for current_tracer\n" },
	{ "error_log", "  error_log\t- error log for failed commands (that support it)\n" },
	{ "buffer_size_kb", "  buffer_size_kb\t- view and modify size of per cpu buffer\n" },
	{ "buffer_total_size_kb", "  buffer_total_size_kb  - view total size of all cpu buffers\n\n" },
	{ "trace_clock", "  trace_clock\t\t- change the clock used to order events\n" },
	{ "trace_clock", "       local:   Per cpu clock but may not be synced across CPUs\n" },
	{ "trace_clock", "      global:   Synced across CPUs but slows tracing down.\n" },
	{ "trace_clock", "     counter:   Not a clock, but just an increment\n" },
	{ "trace_clock", "      uptime:   Jiffy counter from time of boot\n" },
	{ "trace_clock", "        perf:   Same clock that perf events use\n" },
#ifdef CONFIG_X86_64
	{ "trace_clock", "     x86-tsc:   TSC cycle counter\n" },
#endif
	{ "timestamp_mode", "\n  timestamp_mode\t- view the mode used to timestamp events\n" },
	{ "timestamp_mode", "       delta:   Delta difference against a buffer-wide timestamp\n" },
	{ "timestamp_mode", "    absolute:   Absolute (standalone) timestamp\n" },
	{ "trace_marker", "\n  trace_marker\t\t- Writes into this file writes into the kernel buffer\n" },
	{ "trace_marker_raw", "\n  trace_marker_raw\t\t- Writes into this file writes binary data into the kernel buffer\n" },
	{ "tracing_cpumask", "  tracing_cpumask\t- Limit which CPUs to trace\n" },
	{ "instances", "  instances\t\t- Make sub-buffers with: mkdir instances/foo\n" },
	{ "instances", "\t\t\t  Remove sub-buffer with rmdir\n" },
	{ "trace_options", "  trace_options\t\t- Set format or modify how tracing happens\n" },
	{ "trace_options", "\t\t\t  Disable an option by prefixing 'no' to the\n" },
	{ "trace_options", "\t\t\t  option name\n" },
	{ "saved_cmdlines_size", "  saved_cmdlines_size\t- echo command number in here to store comm-pid list\n" },
#ifdef CONFIG_DYNAMIC_FTRACE
	{ "available_filter_functions", "\n  available_filter_functions - list of functions that can be filtered on\n" },
	{ "set_ftrace_filter", "  set_ftrace_filter\t- echo function name in here to only trace these\n" },
	{ "set_ftrace_filter", "\t\t\t  functions\n" },
	{ "set_ftrace_filter", "\t     accepts: func_full_name or glob-matching-pattern\n" },
	{ "set_ftrace_filter", "\t     modules: Can select a group via module\n" },
	{ "set_ftrace_filter", "\t      Format: :mod:<module-name>\n" },
	{ "set_ftrace_filter", "\t     example: echo :mod:ext3 > set_ftrace_filter\n" },
	{ "set_ftrace_filter", "\t    triggers: a command to perform when function is hit\n" },
	{ "set_ftrace_filter", "\t      Format: <function>:<trigger>[:count]\n" },
	{ "set_ftrace_filter", "\t     trigger: traceon, traceoff\n" },
#ifdef CONFIG_EVENT_TRACING
	{ "set_ftrace_filter", "\t\t      enable_event:<system>:<event>\n" },
	{ "set_ftrace_filter", "\t\t      disable_event:<system>:<event>\n" },
#endif
#ifdef CONFIG_STACKTRACE
	{ "set_ftrace_filter", "\t\t      stacktrace\n" },
#endif
#ifdef CONFIG_TRACER_SNAPSHOT
	{ "set_ftrace_filter", "\t\t      snapshot\n" },
#endif
	{ "set_ftrace_filter", "\t\t      dump\n" },
	{ "set_ftrace_filter", "\t\t      cpudump\n" },
	{ "set_ftrace_filter", "\t     example: echo do_fault:traceoff > set_ftrace_filter\n" },
	{ "set_ftrace_filter", "\t              echo do_trap:traceoff:3 > set_ftrace_filter\n" },
	{ "set_ftrace_filter", "\t     The first one will disable tracing every time do_fault is hit\n" },
	{ "set_ftrace_filter", "\t     The second will disable tracing at most 3 times when do_trap is hit\n" },
	{ "set_ftrace_filter", "\t       The first time do trap is hit and it disables tracing, the\n" },
	{ "set_ftrace_filter", "\t       counter will decrement to 2. If tracing is already disabled,\n" },
	{ "set_ftrace_filter", "\t       the counter will not decrement. It only decrements when the\n" },
	{ "set_ftrace_filter", "\t       trigger did work\n" },
	{ "set_ftrace_filter", "\t     To remove trigger without count:\n" },
	{ "set_ftrace_filter", "\t       echo '!<function>:<trigger> > set_ftrace_filter\n" },
	{ "set_ftrace_filter", "\t     To remove trigger with a count:\n" },
	{ "set_ftrace_filter", "\t       echo '!<function>:<trigger>:0 > set_ftrace_filter\n" },
	{ "set_ftrace_notrace", "  set_ftrace_notrace\t- echo function name in here to never trace.\n" },
	{ "set_ftrace_notrace", "\t    accepts: func_full_name, *func_end, func_begin*, *func_middle*\n" },
	{ "set_ftrace_notrace", "\t    modules: Can select a group via module command :mod:\n" },
	{ "set_ftrace_notrace", "\t    Does not accept triggers\n" },
#endif
#ifdef CONFIG_FUNCTION_TRACER
	{ "set_ftrace_pid", "  set_ftrace_pid\t- Write pid(s) to only function trace those pids\n" },
	{ "set_ftrace_pid", "\t\t    (function)\n" },
	{ "set_ftrace_notrace_pid", "  set_ftrace_notrace_pid\t- Write pid(s) to not function trace those pids\n" },
	{ "set_ftrace_notrace_pid", "\t\t    (function)\n" },
#endif
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	{ "set_graph_function", "  set_graph_function\t- Trace the nested calls of a function (function_graph)\n" },
	{ "set_graph_notrace", "  set_graph_notrace\t- Do not trace the nested calls of a function (function_graph)\n" },
	{ "max_graph_depth", "  max_graph_depth\t- Trace a limited depth of nested calls (0 is unlimited)\n" },
#endif
#ifdef CONFIG_TRACER_SNAPSHOT
	{ "snapshot", "\n  snapshot\t\t- Like 'trace' but shows the content of the static\n" },
	{ "snapshot", "\t\t\t  snapshot buffer. Read the contents for more\n" },
	{ "snapshot", "\t\t\t  information\n" },
#endif
#ifdef CONFIG_STACK_TRACER
	{ "stack_trace", "  stack_trace\t\t- Shows the max stack trace when active\n" },
	{ "stack_max_size", "  stack_max_size\t- Shows current max stack size that was traced\n" },
	{ "stack_max_size", "\t\t\t  Write into this file to reset the max size (trigger a\n" },
	{ "stack_max_size", "\t\t\t  new trace)\n" },
	{ "stack_trace_filter", "  stack_trace_filter\t- Like set_ftrace_filter but limits what stack_trace\n" },
	{ "stack_trace_filter", "\t\t\t  traces\n" },
#endif
#ifdef CONFIG_DYNAMIC_EVENTS
	{ "dynamic_events",
	  "  dynamic_events\t\t- Create/append/remove/show the generic dynamic events\n" },
	{ "dynamic_events", "\t\t\t  Write into this file to define/undefine new trace events.\n" },
#endif
#ifdef CONFIG_KPROBE_EVENTS
	{ "kprobe_events",
	  "  kprobe_events\t\t- Create/append/remove/show the kernel dynamic events\n" },
	{ "kprobe_events", "\t\t\t  Write into this file to define/undefine new trace events.\n" },
#endif
#ifdef CONFIG_UPROBE_EVENTS
	{ "uprobe_events",
	  "  uprobe_events\t\t- Create/append/remove/show the userspace dynamic events\n" },
	{ "uprobe_events", "\t\t\t  Write into this file to define/undefine new trace events.\n" },
#endif
#ifdef CONFIG_PROBE_EVENTS
	{ "dynamic_events", "\t  accepts: event-definitions (one definition per line)\n" },
	{ "dynamic_events", "\t   Format: p[:[<group>/][<event>]] <place> [<args>]\n" },
	{ "dynamic_events", "\t           r[maxactive][:[<group>/][<event>]] <place> [<args>]\n" },
#endif
#ifdef CONFIG_FPROBE_EVENTS
	{ "dynamic_events",
	  "\t           f[:[<group>/][<event>]] <func-name>[%return] [<args>]\n" },
	{ "dynamic_events", "\t           t[:[<group>/][<event>]] <tracepoint> [<args>]\n" },
#endif
#ifdef CONFIG_SYNTH_EVENTS
	{ "dynamic_events", "\t           s:[synthetic/]<event> <field> [<field>]\n" },
#endif
#ifdef CONFIG_PROBE_EVENTS
	{ "dynamic_events",
	  "\t           e[:[<group>/][<event>]] <attached-group>.<attached-event> [<args>] [if <filter>]\n" },
	{ "dynamic_events", "\t           -:[<group>/][<event>]\n" },
#endif
#ifdef CONFIG_KPROBE_EVENTS
	{ "kprobe_events", "\t    place: [<module>:]<symbol>[+<offset>]|<memaddr>\n" },
	{ "kprobe_events", "place (kretprobe): [<module>:]<symbol>[+<offset>]%return|<memaddr>\n" },
#endif
#ifdef CONFIG_UPROBE_EVENTS
	{ "uprobe_events", "   place (uprobe): <path>:<offset>[%return][(ref_ctr_offset)]\n" },
#endif
#ifdef CONFIG_PROBE_EVENTS
	{ "dynamic_events", "\t     args: <name>=fetcharg[:type]\n" },
	{ "dynamic_events", "\t fetcharg: (%<register>|$<efield>), @<address>, @<symbol>[+|-<offset>],\n" },
	{ "dynamic_events", "\t           $stack<index>, $stack, $retval, $comm, $arg<N>,\n" },
#ifdef CONFIG_PROBE_EVENTS_BTF_ARGS
	{ "dynamic_events", "\t           <argname>[->field[->field|.field...]],\n" },
#endif
	{ "dynamic_events",
	  "\t           +|-[u]<offset>(<fetcharg>), \\imm-value, \\\"imm-string\"\n" },
#if defined(CONFIG_KPROBE_EVENTS) || defined(CONFIG_FPROBE_EVENTS)
	{ "dynamic_events", "\t     kernel return probes support: $retval, $arg<N>, $comm\n" },
#endif
	{ "dynamic_events",
	  "\t     type: s8/16/32/64, u8/16/32/64, x8/16/32/64, char, string, symbol,\n" },
	{ "dynamic_events", "\t           b<bit-width>@<bit-offset>/<container-size>, ustring,\n" },
	{ "dynamic_events", "\t           symstr, %pd/%pD, <type>\\[<array-size>\\]\n" },
#ifdef CONFIG_HIST_TRIGGERS
	{ "dynamic_events", "\t    field: <stype> <name>;\n" },
	{ "dynamic_events", "\t    stype: u8/u16/u32/u64, s8/s16/s32/s64, pid_t,\n" },
	{ "dynamic_events", "\t           [unsigned] char/int/long\n" },
#endif
	{ "dynamic_events", "\t    efield: For event probes ('e' types), the field is on of the fields\n" },
	{ "dynamic_events", "\t            of the <attached-group>/<attached-event>.\n" },
#endif
#ifdef CONFIG_EVENT_TRACING
	{ "events", "  events/\t\t- Directory containing all trace event subsystems:\n" },
	{ "events", "      enable\t\t- Write 0/1 to enable/disable tracing of all events\n" },
	{ "events", "  events/<system>/\t- Directory containing all trace events for <system>:\n" },
	{ "events", "      enable\t\t- Write 0/1 to enable/disable tracing of all <system>\n" },
	{ "events", "\t\t\t  events\n" },
	{ "events", "      filter\t\t- If set, only events passing filter are traced\n" },
	{ "events", "  events/<system>/<event>/\t- Directory containing control files for\n" },
	{ "events", "\t\t\t  <event>:\n" },
	{ "events", "      enable\t\t- Write 0/1 to enable/disable tracing of <event>\n" },
	{ "events", "      filter\t\t- If set, only events passing filter are traced\n" },
	{ "events", "      trigger\t\t- If set, a command to perform when event is hit\n" },
	{ "events", "\t    Format: <trigger>[:count][if <filter>]\n" },
	{ "events", "\t   trigger: traceon, traceoff\n" },
	{ "events", "\t            enable_event:<system>:<event>\n" },
	{ "events", "\t            disable_event:<system>:<event>\n" },
#ifdef CONFIG_HIST_TRIGGERS
	{ "events", "\t            enable_hist:<system>:<event>\n" },
	{ "events", "\t            disable_hist:<system>:<event>\n" },
#endif
#ifdef CONFIG_STACKTRACE
	{ "events", "\t\t    stacktrace\n" },
#endif
#ifdef CONFIG_TRACER_SNAPSHOT
	{ "events", "\t\t    snapshot\n" },
#endif
#ifdef CONFIG_HIST_TRIGGERS
	{ "events", "\t\t    hist (see below)\n" },
#endif
	{ "events", "\t   example: echo traceoff > events/block/block_unplug/trigger\n" },
	{ "events", "\t            echo traceoff:3 > events/block/block_unplug/trigger\n" },
	{ "events", "\t            echo 'enable_event:kmem:kmalloc:3 if nr_rq > 1' > \\\n" },
	{ "events", "\t                  events/block/block_unplug/trigger\n" },
	{ "events", "\t   The first disables tracing every time block_unplug is hit.\n" },
	{ "events", "\t   The second disables tracing the first 3 times block_unplug is hit.\n" },
	{ "events", "\t   The third enables the kmalloc event the first 3 times block_unplug\n" },
	{ "events", "\t     is hit and has value of greater than 1 for the 'nr_rq' event field.\n" },
	{ "events", "\t   Like function triggers, the counter is only decremented if it\n" },
	{ "events", "\t    enabled or disabled tracing.\n" },
	{ "events", "\t   To remove a trigger without a count:\n" },
	{ "events", "\t     echo '!<trigger> > <system>/<event>/trigger\n" },
	{ "events", "\t   To remove a trigger with a count:\n" },
	{ "events", "\t     echo '!<trigger>:0 > <system>/<event>/trigger\n" },
	{ "events", "\t   Filters can be ignored when removing a trigger.\n" },
#ifdef CONFIG_HIST_TRIGGERS
	{ "events", "      hist trigger\t- If set, event hits are aggregated into a hash table\n" },
	{ "events", "\t    Format: hist:keys=<field1[,field2,...]>\n" },
	{ "events", "\t            [:<var1>=<field|var_ref|numeric_literal>[,<var2>=...]]\n" },
	{ "events", "\t            [:values=<field1[,field2,...]>]\n" },
	{ "events", "\t            [:sort=<field1[,field2,...]>]\n" },
	{ "events", "\t            [:size=#entries]\n" },
	{ "events", "\t            [:pause][:continue][:clear]\n" },
	{ "events", "\t            [:name=histname1]\n" },
	{ "events", "\t            [:nohitcount]\n" },
	{ "events", "\t            [:<handler>.<action>]\n" },
	{ "events", "\t            [if <filter>]\n\n" },
	{ "events", "\t    Note, special fields can be used as well:\n" },
	{ "events", "\t            common_timestamp - to record current timestamp\n" },
	{ "events", "\t            common_cpu - to record the CPU the event happened on\n" },
	{ "events", "\n" },
	{ "events", "\t    A hist trigger variable can be:\n" },
	{ "events", "\t        - a reference to a field e.g. x=current_timestamp,\n" },
	{ "events", "\t        - a reference to another variable e.g. y=$x,\n" },
	{ "events", "\t        - a numeric literal: e.g. ms_per_sec=1000,\n" },
	{ "events", "\t        - an arithmetic expression: e.g. time_secs=current_timestamp/1000\n" },
	{ "events", "\n" },
	{ "events", "\t    hist trigger arithmetic expressions support addition(+), subtraction(-),\n" },
	{ "events", "\t    multiplication(*) and division(/) operators. An operand can be either a\n" },
	{ "events", "\t    variable reference, field or numeric literal.\n" },
	{ "events", "\n" },
	{ "events", "\t    When a matching event is hit, an entry is added to a hash\n" },
	{ "events", "\t    table using the key(s) and value(s) named, and the value of a\n" },
	{ "events", "\t    sum called 'hitcount' is incremented.  Keys and values\n" },
	{ "events", "\t    correspond to fields in the event's format description.  Keys\n" },
	{ "events", "\t    can be any field, or the special string 'common_stacktrace'.\n" },
	{ "events", "\t    Compound keys consisting of up to two fields can be specified\n" },
	{ "events", "\t    by the 'keys' keyword.  Values must correspond to numeric\n" },
	{ "events", "\t    fields.  Sort keys consisting of up to two fields can be\n" },
	{ "events", "\t    specified using the 'sort' keyword.  The sort direction can\n" },
	{ "events", "\t    be modified by appending '.descending' or '.ascending' to a\n" },
	{ "events", "\t    sort field.  The 'size' parameter can be used to specify more\n" },
	{ "events", "\t    or fewer than the default 2048 entries for the hashtable size.\n" },
	{ "events", "\t    If a hist trigger is given a name using the 'name' parameter,\n" },
	{ "events", "\t    its histogram data will be shared with other triggers of the\n" },
	{ "events", "\t    same name, and trigger hits will update this common data.\n\n" },
	{ "events", "\t    Reading the 'hist' file for the event will dump the hash\n" },
	{ "events", "\t    table in its entirety to stdout.  If there are multiple hist\n" },
	{ "events", "\t    triggers attached to an event, there will be a table for each\n" },
	{ "events", "\t    trigger in the output.  The table displayed for a named\n" },
	{ "events", "\t    trigger will be the same as any other instance having the\n" },
	{ "events", "\t    same name.  The default format used to display a given field\n" },
	{ "events", "\t    can be modified by appending any of the following modifiers\n" },
	{ "events", "\t    to the field name, as applicable:\n\n" },
	{ "events", "\t            .hex        display a number as a hex value\n" },
	{ "events", "\t            .sym        display an address as a symbol\n" },
	{ "events", "\t            .sym-offset display an address as a symbol and offset\n" },
	{ "events", "\t            .execname   display a common_pid as a program name\n" },
	{ "events", "\t            .syscall    display a syscall id as a syscall name\n" },
	{ "events", "\t            .log2       display log2 value rather than raw number\n" },
	{ "events", "\t            .buckets=size  display values in groups of size rather than raw number\n" },
	{ "events", "\t            .usecs      display a common_timestamp in microseconds\n" },
	{ "events", "\t            .percent    display a number of percentage value\n" },
	{ "events", "\t            .graph      display a bar-graph of a value\n\n" },
	{ "events", "\t    The 'pause' parameter can be used to pause an existing hist\n" },
	{ "events", "\t    trigger or to start a hist trigger but not log any events\n" },
	{ "events", "\t    until told to do so.  'continue' can be used to start or\n" },
	{ "events", "\t    restart a paused hist trigger.\n\n" },
	{ "events", "\t    The 'clear' parameter will clear the contents of a running\n" },
	{ "events", "\t    hist trigger and leave its current paused/active state\n" },
	{ "events", "\t    unchanged.\n\n" },
	{ "events", "\t    The 'nohitcount' (or NOHC) parameter will suppress display of\n" },
	{ "events", "\t    raw hitcount in the histogram.\n\n" },
	{ "events", "\t    The enable_hist and disable_hist triggers can be used to\n" },
	{ "events", "\t    have one event conditionally start and stop another event's\n" },
	{ "events", "\t    already-attached hist trigger.  The syntax is analogous to\n" },
	{ "events", "\t    the enable_event and disable_event triggers.\n\n" },
	{ "events", "\t    Hist trigger handlers and actions are executed whenever a\n" },
	{ "events", "\t    a histogram entry is added or updated.  They take the form:\n\n" },
	{ "events", "\t        <handler>.<action>\n\n" },
	{ "events", "\t    The available handlers are:\n\n" },
	{ "events", "\t        onmatch(matching.event)  - invoke on addition or update\n" },
	{ "events", "\t        onmax(var)               - invoke if var exceeds current max\n" },
	{ "events", "\t        onchange(var)            - invoke action if var changes\n\n" },
	{ "events", "\t    The available actions are:\n\n" },
	{ "events", "\t        trace(<synthetic_event>,param list)  - generate synthetic event\n" },
	{ "events", "\t        save(field,...)                      - save current event fields\n" },
#ifdef CONFIG_TRACER_SNAPSHOT
	{ "events", "\t        snapshot()                           - snapshot the trace buffer\n\n" },
#endif
#ifdef CONFIG_SYNTH_EVENTS
	{ "synthetic_events", "  events/synthetic_events\t- Create/append/remove/show synthetic events\n" },
	{ "synthetic_events", "\t  Write into this file to define/undefine new synthetic events.\n" },
	{ "synthetic_events",
	  "\t     example: echo 'myevent u64 lat; char name[]; long[] stack' >> synthetic_events\n" },
#endif
#endif
#endif
};

static int readme_show(struct seq_file *m, void *v)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(readme); i++)
		seq_puts(m, readme[i].text);
	return 0;
}

static int readme_open(struct inode *inode, struct file *filp)
{
	int ret = tracing_check_open(NULL);

	return ret ? ret : single_open(filp, readme_show, NULL);
}

static const struct file_operations readme_fops = {
	.open		= readme_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= single_release,
};

/**
 * trace_readme_create_file - create README
 * @parent: the tracefs directory
 */
void __init trace_readme_create_file(struct dentry *parent)
{
	trace_create_file("README", TRACE_MODE_READ, parent, NULL, &readme_fops);
}
