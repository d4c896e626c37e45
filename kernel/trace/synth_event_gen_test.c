// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * synth_event_gen_test.ko: a client of the in-kernel synthetic event
 * API.  Loading it creates three synthetic events, each another way:
 *
 *   gen_synth_test     synth_event_gen_cmd_start() with some fields,
 *                      synth_event_add_field() and _add_field_str()
 *                      for the rest, synth_event_gen_cmd_end();
 *   empty_synth_test   no fields at the start, synth_event_add_fields()
 *                      from an array;
 *   create_synth_test  synth_event_create() in one call, with a char[]
 *                      (dynamic string) field;
 *
 * enables each in the top level (trace_get_event_file(),
 * trace_array_set_clr_event()) and writes records with
 * synth_event_trace_array(), the piecewise synth_event_trace_start(),
 * synth_event_add_next_val()/synth_event_add_val(),
 * synth_event_trace_end(), and synth_event_trace().  Bad calls are
 * made on purpose and must get their errno.  It prints
 * "synth_event_gen_test: PASS" when every call did what it should,
 * else a "FAIL:" line and refuses to load.  Unloading disables the
 * events, lets their files go and removes them.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/module.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/trace_events.h>

#define SYNTH	"synthetic"

enum { GEN, EMPTY, CREATE, NR_EVENTS };

/**
 * struct gen_event - one event this module made
 * @name: its name
 * @file: its file in the top level, held and enabled, or NULL
 * @created: it exists, to be removed
 */
struct gen_event {
	const char		*name;
	struct trace_event_file	*file;
	bool			created;
};

static struct gen_event events[NR_EVENTS] = {
	[GEN]		= { .name = "gen_synth_test" },
	[EMPTY]		= { .name = "empty_synth_test" },
	[CREATE]	= { .name = "create_synth_test" },
};

static struct synth_field_desc empty_fields[] = {
	{ .type = "pid_t",		.name = "next_pid_field" },
	{ .type = "char[16]",		.name = "next_comm_field" },
	{ .type = "u64",		.name = "ts_ns" },
	{ .type = "u64",		.name = "ts_ms" },
	{ .type = "unsigned int",	.name = "cpu" },
	{ .type = "char[64]",		.name = "my_string_field" },
	{ .type = "int",		.name = "my_int_field" },
};

/* Two strings of any length around the fixed fields. */
static struct synth_field_desc create_fields[] = {
	{ .type = "char[]",		.name = "dynstring_field_1" },
	{ .type = "pid_t",		.name = "next_pid_field" },
	{ .type = "u64",		.name = "ts_ns" },
	{ .type = "char[16]",		.name = "next_comm_field" },
	{ .type = "int",		.name = "my_int_field" },
	{ .type = "char[]",		.name = "dynstring_field_2" },
};

static struct synth_field_desc bad_fields[] = {
	{ .type = "u64",		.name = "ok_field" },
	{ .type = "no_such_type",	.name = "bad_field" },
};

/* Did @what return @want?  Says so when not. */
static bool expect(int got, int want, const char *what)
{
	if (got == want)
		return true;
	pr_err("FAIL: %s returned %d, expected %d\n", what, got, want);
	return false;
}

#define STR(s)	((u64)(unsigned long)(s))

/* @ev was just created: hold its top-level file and enable it there. */
static int gen_enable(struct gen_event *ev)
{
	struct trace_event_file *file;
	int ret;

	ev->created = true;
	file = trace_get_event_file(NULL, SYNTH, ev->name);
	if (IS_ERR(file)) {
		expect(PTR_ERR(file), 0, "trace_get_event_file()");
		return PTR_ERR(file);
	}
	ev->file = file;
	ret = trace_array_set_clr_event(file->tr, SYNTH, ev->name, true);
	return expect(ret, 0, "trace_array_set_clr_event()") ? 0 : ret;
}

static int gen_release(struct gen_event *ev)
{
	int ret = 0;

	if (ev->file) {
		trace_array_set_clr_event(ev->file->tr, SYNTH, ev->name, false);
		trace_put_event_file(ev->file);
		ev->file = NULL;
	}
	if (ev->created) {
		ret = synth_event_delete(ev->name);
		ev->created = !!ret;
	}
	return ret;
}

/* gen_synth_test: fields given at the start and added one by one. */
static int test_gen_synth_cmd(char *buf)
{
	u64 vals[7] = { 4242, STR("kite"), 1000000, 1000, 0,
			STR("spinning top"), 61 };
	struct dynevent_cmd cmd;
	int ret;

	synth_event_cmd_init(&cmd, buf, MAX_DYNEVENT_CMD_LEN);
	ret = synth_event_gen_cmd_start(&cmd, events[GEN].name, THIS_MODULE,
					"pid_t", "next_pid_field",
					"char[16]", "next_comm_field",
					"u64", "ts_ns");
	ret = ret ?: synth_event_add_field(&cmd, "u64", "ts_ms");
	ret = ret ?: synth_event_add_field(&cmd, "unsigned int", "cpu");
	ret = ret ?: synth_event_add_field_str(&cmd, "char[64] my_string_field");
	ret = ret ?: synth_event_add_field_str(&cmd, "int my_int_field");
	if (!expect(ret, 0, "building gen_synth_test"))
		return ret;
	ret = synth_event_gen_cmd_end(&cmd);
	if (!expect(ret, 0, "synth_event_gen_cmd_end(gen_synth_test)"))
		return ret;
	ret = gen_enable(&events[GEN]);
	if (ret)
		return ret;
	vals[4] = raw_smp_processor_id();
	ret = synth_event_trace_array(events[GEN].file, vals, ARRAY_SIZE(vals));
	if (!expect(ret, 0, "synth_event_trace_array()"))
		return ret;
	/* One value short. */
	ret = synth_event_trace_array(events[GEN].file, vals, 6);
	return expect(ret, -EINVAL, "synth_event_trace_array(6 of 7 values)") ?
		0 : -EINVAL;
}

/* empty_synth_test: no fields at the start, then an array of them. */
static int test_empty_synth_event(char *buf)
{
	struct synth_event_trace_state state;
	struct dynevent_cmd cmd;
	bool ok = true;
	int ret;

	synth_event_cmd_init(&cmd, buf, MAX_DYNEVENT_CMD_LEN);
	ret = synth_event_gen_cmd_start(&cmd, events[EMPTY].name, THIS_MODULE);
	ret = ret ?: synth_event_add_fields(&cmd, empty_fields,
					    ARRAY_SIZE(empty_fields));
	ret = ret ?: synth_event_gen_cmd_end(&cmd);
	if (!expect(ret, 0, "creating empty_synth_test"))
		return ret;
	ret = gen_enable(&events[EMPTY]);
	if (ret)
		return ret;
	ret = synth_event_trace_start(events[EMPTY].file, &state);
	if (!expect(ret, 0, "synth_event_trace_start()"))
		return ret;
	ret = synth_event_add_next_val(4243, &state);
	ret = ret ?: synth_event_add_next_val(STR("marbles"), &state);
	ret = ret ?: synth_event_add_next_val(1000000, &state);
	ret = ret ?: synth_event_add_next_val(1000, &state);
	ret = ret ?: synth_event_add_next_val(raw_smp_processor_id(), &state);
	ret = ret ?: synth_event_add_next_val(STR("jacks"), &state);
	ret = ret ?: synth_event_add_next_val(62, &state);
	ok &= expect(ret, 0, "synth_event_add_next_val()");
	/* Past the last field; then by name in a record set in order. */
	ok &= expect(synth_event_add_next_val(1, &state), -EINVAL,
		     "synth_event_add_next_val(one too many)");
	ok &= expect(synth_event_add_val("ts_ns", 1, &state), -EINVAL,
		     "synth_event_add_val() after add_next_val()");
	ret = synth_event_trace_end(&state);
	ok &= expect(ret, 0, "synth_event_trace_end()");
	return ok ? 0 : -EINVAL;
}

/* gen_synth_test again, its values set by name. */
static int test_add_val(void)
{
	struct synth_event_trace_state state;
	bool ok = true;
	int ret;

	ret = synth_event_trace_start(events[GEN].file, &state);
	if (!expect(ret, 0, "synth_event_trace_start()"))
		return ret;
	ret = synth_event_add_val("ts_ns", 1000002, &state);
	ret = ret ?: synth_event_add_val("ts_ms", 1002, &state);
	ret = ret ?: synth_event_add_val("cpu", raw_smp_processor_id(), &state);
	ret = ret ?: synth_event_add_val("next_pid_field", 4244, &state);
	ret = ret ?: synth_event_add_val("next_comm_field", STR("pogo"),
					 &state);
	ret = ret ?: synth_event_add_val("my_string_field", STR("kazoo"),
					 &state);
	ret = ret ?: synth_event_add_val("my_int_field", 63, &state);
	ok &= expect(ret, 0, "synth_event_add_val()");
	ok &= expect(synth_event_add_val("no_such_field", 1, &state), -EINVAL,
		     "synth_event_add_val(no_such_field)");
	ok &= expect(synth_event_add_next_val(1, &state), -EINVAL,
		     "synth_event_add_next_val() after add_val()");
	ret = synth_event_trace_end(&state);
	ok &= expect(ret, 0, "synth_event_trace_end()");
	return ok ? 0 : -EINVAL;
}

/* create_synth_test: synth_event_create(), dynamic strings. */
static int test_create_synth_event(void)
{
	struct synth_event_trace_state state;
	struct trace_event_file *file;
	bool ok = true;
	int ret;

	ret = synth_event_create(events[CREATE].name, create_fields,
				 ARRAY_SIZE(create_fields), THIS_MODULE);
	if (!expect(ret, 0, "synth_event_create(create_synth_test)"))
		return ret;
	ret = gen_enable(&events[CREATE]);
	if (ret)
		return ret;
	file = events[CREATE].file;
	ret = synth_event_trace(file, ARRAY_SIZE(create_fields),
				STR("Dynamic string 1"), (u64)4245,
				(u64)1000000, STR("skates"), (u64)64,
				STR("Dynamic string, the second one"));
	ok &= expect(ret, 0, "synth_event_trace()");
	ok &= expect(synth_event_trace(file, 2, (u64)1, (u64)2), -EINVAL,
		     "synth_event_trace(2 of 6 values)");
	/* A record of unknown size cannot be filled in piecewise. */
	ok &= expect(synth_event_trace_start(file, &state), -ENOTSUPP,
		     "synth_event_trace_start(char[] field)");
	ok &= expect(synth_event_create(events[CREATE].name, create_fields,
					ARRAY_SIZE(create_fields), THIS_MODULE),
		     -EEXIST, "synth_event_create(an existing name)");
	return ok ? 0 : -EINVAL;
}

/* Bad definitions and removals. */
static int test_bad_calls(char *buf)
{
	struct dynevent_cmd cmd;
	bool ok = true;

	ok &= expect(synth_event_create("bad_synth_test", bad_fields,
					ARRAY_SIZE(bad_fields), THIS_MODULE),
		     -EINVAL, "synth_event_create(an invalid type)");
	synth_event_cmd_init(&cmd, buf, MAX_DYNEVENT_CMD_LEN);
	ok &= expect(synth_event_add_field(&cmd, "u64", "early"), -EINVAL,
		     "synth_event_add_field() before the start");
	ok &= expect(synth_event_gen_cmd_start(&cmd, "bad_synth_test",
					       THIS_MODULE, "u64"),
		     -EINVAL, "synth_event_gen_cmd_start(a type, no name)");
	ok &= expect(synth_event_delete("no_such_synth_test"), -ENOENT,
		     "synth_event_delete(no such event)");
	ok &= expect(synth_event_delete(events[GEN].name), -EBUSY,
		     "synth_event_delete(an enabled event)");
	ok &= expect(PTR_ERR_OR_ZERO(trace_get_event_file(NULL, SYNTH,
							   "no_such_synth_test")),
		     -EINVAL, "trace_get_event_file(no such event)");
	return ok ? 0 : -EINVAL;
}

static void synth_gen_cleanup(void)
{
	int i, ret;

	for (i = 0; i < NR_EVENTS; i++) {
		ret = gen_release(&events[i]);
		if (ret)
			pr_err("removing %s: %d\n", events[i].name, ret);
	}
}

static int __init synth_event_gen_test_init(void)
{
	char *buf = kzalloc(MAX_DYNEVENT_CMD_LEN, GFP_KERNEL);
	int ret;

	if (!buf)
		return -ENOMEM;
	ret = test_gen_synth_cmd(buf);
	ret = ret ?: test_empty_synth_event(buf);
	ret = ret ?: test_add_val();
	ret = ret ?: test_create_synth_event();
	ret = ret ?: test_bad_calls(buf);
	kfree(buf);
	if (ret) {
		synth_gen_cleanup();
		return ret;
	}
	pr_info("PASS\n");
	return 0;
}

static void __exit synth_event_gen_test_exit(void)
{
	synth_gen_cleanup();
}

module_init(synth_event_gen_test_init);
module_exit(synth_event_gen_test_exit);

MODULE_AUTHOR("The ftrace clean-room authors");
MODULE_DESCRIPTION("Test of the in-kernel synthetic event API");
MODULE_LICENSE("GPL");
