// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * KUnit suite "event_filter": the event filter parser and evaluator,
 * against a made-up event whose record has a field of every kind.
 */

#include <kunit/test.h>
#include <linux/sched.h>

#include "trace.h"
#include "trace_events_filter.h"

struct test_rec {
	struct trace_entry	ent;
	int			num;
	unsigned int		bits;
	s8			small;
	char			name[16];
	u32			dyn;
	u32			rel;
	const char		*ptr;
	unsigned long		site;
	char			data[32];
};

#define FIELD(t, n, ft, sgn) {						\
	.name = #n, .type = t, .filter_type = ft, .is_signed = sgn,	\
	.offset = offsetof(struct test_rec, n),				\
	.size = sizeof_field(struct test_rec, n) }

static struct ftrace_event_field test_fields[] = {
	FIELD("int", num, FILTER_OTHER, 1),
	FIELD("unsigned int", bits, FILTER_OTHER, 0),
	FIELD("s8", small, FILTER_OTHER, 1),
	FIELD("char[16]", name, FILTER_OTHER, 0),
	FIELD("__data_loc char[]", dyn, FILTER_OTHER, 0),
	FIELD("__rel_loc char[]", rel, FILTER_OTHER, 0),
	FIELD("const char *", ptr, FILTER_OTHER, 0),
	FIELD("unsigned long", site, FILTER_OTHER, 0),
};

static struct trace_event_class test_class = {
	.system = "kunit",
	.fields = LIST_HEAD_INIT(test_class.fields),
};

static struct trace_event_call test_call = {
	.class = &test_class,
	.name = "filter_test",
};

static struct test_rec rec;

static int filter_test_init(struct kunit *test)
{
	int i;

	INIT_LIST_HEAD(&test_class.fields);
	for (i = 0; i < ARRAY_SIZE(test_fields); i++)
		list_add_tail(&test_fields[i].link, &test_class.fields);

	memset(&rec, 0, sizeof(rec));
	rec.ent.pid = 42;
	rec.num = -5;
	rec.bits = 0x14;
	rec.small = -1;
	strscpy(rec.name, "bash", sizeof(rec.name));
	/* "xyzzy" at data[0]: __data_loc counts from the record. */
	strscpy(rec.data, "xyzzy", sizeof(rec.data));
	rec.dyn = (6 << 16) | offsetof(struct test_rec, data);
	/* __rel_loc counts from the end of its own word. */
	rec.rel = (6 << 16) | (offsetof(struct test_rec, data) -
			       offsetof(struct test_rec, rel) - sizeof(u32));
	rec.ptr = "kernel string";
	rec.site = (unsigned long)filter_test_init + 1;
	return 0;
}

/* Parse @str, expecting success, and evaluate it on rec. */
static bool eval(struct kunit *test, const char *str)
{
	struct filter_parse_error pe;
	struct event_filter *f;
	bool r;

	f = filter_parse(&test_call, str, &pe);
	KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(f), "refused: %s (%s at %u)", str,
			       filter_errs[pe.err], pe.pos);
	r = filter_match_preds(f, &rec);
	filter_free(f);
	return r;
}

static void expect_err(struct kunit *test, const char *str,
		       enum filter_err err, unsigned int pos)
{
	struct filter_parse_error pe;
	struct event_filter *f;

	f = filter_parse(&test_call, str, &pe);
	KUNIT_EXPECT_TRUE_MSG(test, IS_ERR(f), "accepted: %s", str);
	if (!IS_ERR(f)) {
		filter_free(f);
		return;
	}
	KUNIT_EXPECT_EQ_MSG(test, PTR_ERR(f), -EINVAL, "%s", str);
	KUNIT_EXPECT_STREQ_MSG(test, filter_errs[pe.err], filter_errs[err],
			       "%s", str);
	KUNIT_EXPECT_EQ_MSG(test, pe.pos, pos, "%s", str);
}

static void filter_test_numbers(struct kunit *test)
{
	KUNIT_EXPECT_TRUE(test, eval(test, "num == -5"));
	KUNIT_EXPECT_TRUE(test, eval(test, "num < 0"));
	KUNIT_EXPECT_FALSE(test, eval(test, "num > -5"));
	KUNIT_EXPECT_TRUE(test, eval(test, "num >= -5 && num <= -5"));
	KUNIT_EXPECT_TRUE(test, eval(test, "num != 3"));
	KUNIT_EXPECT_TRUE(test, eval(test, "bits & 4"));
	KUNIT_EXPECT_FALSE(test, eval(test, "bits & 3"));
	KUNIT_EXPECT_TRUE(test, eval(test, "bits == 0x14"));
	KUNIT_EXPECT_TRUE(test, eval(test, "small == -1"));
	KUNIT_EXPECT_TRUE(test, eval(test, "common_pid == 42"));
	KUNIT_EXPECT_TRUE(test, eval(test, "CPU == 0 || cpu != 0"));
	KUNIT_EXPECT_TRUE(test, eval(test, "common_cpu >= 0"));
}

static void filter_test_strings(struct kunit *test)
{
	KUNIT_EXPECT_TRUE(test, eval(test, "name == \"bash\""));
	KUNIT_EXPECT_FALSE(test, eval(test, "name == 'bas'"));
	KUNIT_EXPECT_TRUE(test, eval(test, "name != 'bas'"));
	KUNIT_EXPECT_TRUE(test, eval(test, "name ~ 'ba*'"));
	KUNIT_EXPECT_TRUE(test, eval(test, "name ~ '*as?'"));
	KUNIT_EXPECT_FALSE(test, eval(test, "name ~ 'z*'"));
	KUNIT_EXPECT_TRUE(test, eval(test, "dyn == 'xyzzy'"));
	KUNIT_EXPECT_TRUE(test, eval(test, "dyn ~ '*zz*'"));
	KUNIT_EXPECT_TRUE(test, eval(test, "rel == 'xyzzy'"));
	KUNIT_EXPECT_TRUE(test, eval(test, "ptr ~ 'kernel*'"));
	KUNIT_EXPECT_FALSE(test, eval(test, "ptr == 'kernel'"));
	KUNIT_EXPECT_TRUE(test, eval(test, "COMM ~ '*'"));
	KUNIT_EXPECT_EQ(test, eval(test, "comm == 'kunit_try_catch'"),
			!strcmp(current->comm, "kunit_try_catch"));
}

static void filter_test_logic(struct kunit *test)
{
	KUNIT_EXPECT_TRUE(test, eval(test, "num == 1 || num == -5"));
	KUNIT_EXPECT_FALSE(test, eval(test, "num == -5 && bits == 0"));
	KUNIT_EXPECT_TRUE(test, eval(test, "num == 1 && bits == 0 || small == -1"));
	KUNIT_EXPECT_FALSE(test, eval(test, "num == 1 && (bits == 0 || small == -1)"));
	KUNIT_EXPECT_TRUE(test, eval(test, "!(num == 1 || num == 2)"));
	KUNIT_EXPECT_FALSE(test, eval(test, "!!(num == 1)"));
	KUNIT_EXPECT_TRUE(test, eval(test, "!num == 1"));
	KUNIT_EXPECT_TRUE(test, eval(test, "((num == -5))"));
}

static void filter_test_function(struct kunit *test)
{
	KUNIT_EXPECT_TRUE(test, eval(test, "site.function == filter_test_init"));
	KUNIT_EXPECT_FALSE(test, eval(test, "site.function != filter_test_init"));
	KUNIT_EXPECT_FALSE(test, eval(test, "site.function == filter_free"));
	expect_err(test, "site.function == no_such_function_here",
		   FILT_ERR_NO_FUNCTION, 39);
	/* .function needs a long-sized field: s8 is not one on any machine */
	expect_err(test, "small.function == eval", FILT_ERR_ILLEGAL_FIELD_OP, 19);
	expect_err(test, "site.function < eval", FILT_ERR_INVALID_OP, 17);
}

static void filter_test_errors(struct kunit *test)
{
	/* What ftracetest's tracing-error-log.tc checks. */
	expect_err(test, "((num >= 10 && num < 15) || dsig == 17) && num != 1",
		   FILT_ERR_FIELD_NOT_FOUND, 33);
	expect_err(test, "num == 1 && name == 'x", FILT_ERR_MISSING_QUOTE, 20);
	/* The '(' left open is the first, as upstream points. */
	expect_err(test, "((num == 1)", FILT_ERR_TOO_MANY_OPEN, 0);
	expect_err(test, "(num == 1) && (num == 2", FILT_ERR_TOO_MANY_OPEN, 14);
	expect_err(test, "(num == 1))", FILT_ERR_TOO_MANY_CLOSE, 10);
	expect_err(test, "num == 1 &&", FILT_ERR_INVALID_FILTER, 11);
	expect_err(test, "num == 1 || !", FILT_ERR_INVALID_FILTER, 13);
	expect_err(test, "", FILT_ERR_NO_FILTER, 0);
	expect_err(test, "num = 1", FILT_ERR_INVALID_OP, 5);
	expect_err(test, "num ~ 1", FILT_ERR_ILLEGAL_FIELD_OP, 7);
	expect_err(test, "num == 'x'", FILT_ERR_EXPECT_DIGIT, 8);
	expect_err(test, "name == 5", FILT_ERR_EXPECT_STRING, 9);
	expect_err(test, "name < 'x'", FILT_ERR_ILLEGAL_FIELD_OP, 8);
	expect_err(test, "num == bash", FILT_ERR_INVALID_VALUE, 8);
	expect_err(test, "num == 12z", FILT_ERR_ILLEGAL_INTVAL, 8);
	expect_err(test, "num == 1 & bits == 2", FILT_ERR_TOO_MANY_PREDS, 9);
	expect_err(test, "num == 0x123456789012345678901234",
		   FILT_ERR_OPERAND_TOO_LONG, 34);
}

static struct kunit_case filter_test_cases[] = {
	KUNIT_CASE(filter_test_numbers),
	KUNIT_CASE(filter_test_strings),
	KUNIT_CASE(filter_test_logic),
	KUNIT_CASE(filter_test_function),
	KUNIT_CASE(filter_test_errors),
	{}
};

static struct kunit_suite filter_test_suite = {
	.name = "event_filter",
	.init = filter_test_init,
	.test_cases = filter_test_cases,
};

kunit_test_suite(filter_test_suite);
