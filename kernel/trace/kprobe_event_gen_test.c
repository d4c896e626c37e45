// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * kprobe_event_gen_test.ko: a client of the in-kernel kprobe event
 * API.  Loading it creates, on do_sys_open(),
 *
 *   gen_kprobe_test     kprobe_event_gen_cmd_start() with two fetch
 *                       arguments, kprobe_event_add_fields() for two
 *                       more, kprobe_event_gen_cmd_end();
 *   gen_kretprobe_test  kretprobe_event_gen_cmd_start() with $retval,
 *                       kretprobe_event_gen_cmd_end();
 *
 * and enables both in the top level (trace_get_event_file(),
 * trace_array_set_clr_event()), so that every open() records one of
 * each.  Bad calls are made on purpose and must get their errno.  It
 * prints "kprobe_event_gen_test: PASS" when every call did what it
 * should, else a "FAIL:" line and refuses to load.  Unloading disables
 * the events, lets their files go and removes them
 * (kprobe_event_delete()).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/module.h>
#include <linux/slab.h>
#include <linux/trace_events.h>

#define KPROBES		"kprobes"
#define GEN_FUNC	"do_sys_open"

enum { KPROBE, KRETPROBE, NR_EVENTS };

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
	[KPROBE]	= { .name = "gen_kprobe_test" },
	[KRETPROBE]	= { .name = "gen_kretprobe_test" },
};

/* Did @what return @want?  Says so when not. */
static bool expect(int got, int want, const char *what)
{
	if (got == want)
		return true;
	pr_err("FAIL: %s returned %d, expected %d\n", what, got, want);
	return false;
}

/* @ev was just created: hold its top-level file and enable it there. */
static int gen_enable(struct gen_event *ev)
{
	struct trace_event_file *file;
	int ret;

	ev->created = true;
	file = trace_get_event_file(NULL, KPROBES, ev->name);
	if (IS_ERR(file)) {
		expect(PTR_ERR(file), 0, "trace_get_event_file()");
		return PTR_ERR(file);
	}
	ev->file = file;
	ret = trace_array_set_clr_event(file->tr, KPROBES, ev->name, true);
	return expect(ret, 0, "trace_array_set_clr_event()") ? 0 : ret;
}

static int gen_release(struct gen_event *ev)
{
	int ret = 0;

	if (ev->file) {
		trace_array_set_clr_event(ev->file->tr, KPROBES, ev->name,
					  false);
		trace_put_event_file(ev->file);
		ev->file = NULL;
	}
	if (ev->created) {
		ret = kprobe_event_delete(ev->name);
		ev->created = !!ret;
	}
	return ret;
}

/* gen_kprobe_test: the open's arguments, some given later. */
static int test_gen_kprobe_cmd(char *buf)
{
	struct dynevent_cmd cmd;
	int ret;

	kprobe_event_cmd_init(&cmd, buf, MAX_DYNEVENT_CMD_LEN);
	ret = kprobe_event_gen_cmd_start(&cmd, events[KPROBE].name, GEN_FUNC,
					 "dfd=$arg1:s32",
					 "filename=+0($arg2):ustring");
	ret = ret ?: kprobe_event_add_fields(&cmd, "flags=$arg3:x32",
					     "mode=$arg4:x16");
	if (!expect(ret, 0, "building gen_kprobe_test"))
		return ret;
	ret = kprobe_event_gen_cmd_end(&cmd);
	if (!expect(ret, 0, "kprobe_event_gen_cmd_end(gen_kprobe_test)"))
		return ret;
	return gen_enable(&events[KPROBE]);
}

/* gen_kretprobe_test: what the open returned. */
static int test_gen_kretprobe_cmd(char *buf)
{
	struct dynevent_cmd cmd;
	int ret;

	kprobe_event_cmd_init(&cmd, buf, MAX_DYNEVENT_CMD_LEN);
	ret = kretprobe_event_gen_cmd_start(&cmd, events[KRETPROBE].name,
					    GEN_FUNC, "$retval");
	if (!expect(ret, 0, "building gen_kretprobe_test"))
		return ret;
	ret = kretprobe_event_gen_cmd_end(&cmd);
	if (!expect(ret, 0, "kretprobe_event_gen_cmd_end(gen_kretprobe_test)"))
		return ret;
	return gen_enable(&events[KRETPROBE]);
}

/* Bad definitions and removals. */
static int test_bad_calls(char *buf)
{
	struct dynevent_cmd cmd;
	bool ok = true;
	int ret;

	kprobe_event_cmd_init(&cmd, buf, MAX_DYNEVENT_CMD_LEN);
	ok &= expect(kprobe_event_add_field(&cmd, "early=$arg1"), -EINVAL,
		     "kprobe_event_add_field() before the start");
	ret = kprobe_event_gen_cmd_start(&cmd, "bad_kprobe_test", GEN_FUNC,
					 "bad=$no_such_var");
	ok &= expect(ret, 0, "kprobe_event_gen_cmd_start(bad_kprobe_test)");
	ok &= expect(kprobe_event_gen_cmd_end(&cmd), -EINVAL,
		     "kprobe_event_gen_cmd_end(an invalid argument)");
	ok &= expect(kprobe_event_delete("no_such_kprobe_test"), -ENOENT,
		     "kprobe_event_delete(no such event)");
	ok &= expect(kprobe_event_delete(events[KPROBE].name), -EBUSY,
		     "kprobe_event_delete(an enabled event)");
	return ok ? 0 : -EINVAL;
}

static void kprobe_gen_cleanup(void)
{
	int i, ret;

	for (i = 0; i < NR_EVENTS; i++) {
		ret = gen_release(&events[i]);
		if (ret)
			pr_err("removing %s: %d\n", events[i].name, ret);
	}
}

static int __init kprobe_event_gen_test_init(void)
{
	char *buf = kzalloc(MAX_DYNEVENT_CMD_LEN, GFP_KERNEL);
	int ret;

	if (!buf)
		return -ENOMEM;
	ret = test_gen_kprobe_cmd(buf);
	ret = ret ?: test_gen_kretprobe_cmd(buf);
	ret = ret ?: test_bad_calls(buf);
	kfree(buf);
	if (ret) {
		kprobe_gen_cleanup();
		return ret;
	}
	pr_info("PASS\n");
	return 0;
}

static void __exit kprobe_event_gen_test_exit(void)
{
	kprobe_gen_cleanup();
}

module_init(kprobe_event_gen_test_init);
module_exit(kprobe_event_gen_test_exit);

MODULE_AUTHOR("The ftrace clean-room authors");
MODULE_DESCRIPTION("Test of the in-kernel kprobe event API");
MODULE_LICENSE("GPL");
