// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * KUnit suite "trace_seq": the all-or-nothing writes of struct trace_seq
 * that the trace output relies on to retry a line that did not fit, and
 * the output's own writers of numbers, blanks and symbol names, which
 * must print what printf would.
 */

#include <kunit/test.h>
#include <linux/trace_events.h>
#include <linux/trace_seq.h>
#include <linux/string.h>
#include <linux/slab.h>
#include <linux/kallsyms.h>

#include "trace.h"

static struct trace_seq *seq_alloc(struct kunit *test)
{
	struct trace_seq *s = kunit_kzalloc(test, sizeof(*s), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, s);
	return s;
}

/* The text of @s as a string (trace_seq does not NUL-terminate). */
static const char *seq_text(struct kunit *test, struct trace_seq *s)
{
	char *t = kunit_kzalloc(test, trace_seq_used(s) + 1, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, t);
	memcpy(t, s->buffer, trace_seq_used(s));
	return t;
}

/* A zeroed sequence works without trace_seq_init(). */
static void seq_zeroed_is_valid(struct kunit *test)
{
	struct trace_seq *s = seq_alloc(test);

	trace_seq_printf(s, "%s-%d", "comm", 42);
	trace_seq_putc(s, ' ');
	trace_seq_puts(s, "end");
	KUNIT_EXPECT_STREQ(test, seq_text(test, s), "comm-42 end");
	KUNIT_EXPECT_FALSE(test, trace_seq_has_overflowed(s));
	KUNIT_EXPECT_EQ(test, trace_handle_return(s), TRACE_TYPE_HANDLED);
}

/* Fill @s so that exactly @room bytes are left. */
static void seq_fill(struct kunit *test, struct trace_seq *s, unsigned int room)
{
	unsigned int n = TRACE_SEQ_BUFFER_SIZE - room;
	char *junk = kunit_kmalloc(test, n, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, junk);
	memset(junk, 'x', n);
	trace_seq_putmem(s, junk, n);
	KUNIT_ASSERT_EQ(test, trace_seq_used(s), (int)n);
	KUNIT_ASSERT_FALSE(test, trace_seq_has_overflowed(s));
}

/* A write that does not fit leaves the text as it was, and so do later ones. */
static void seq_overflow_is_all_or_nothing(struct kunit *test)
{
	struct trace_seq *s = seq_alloc(test);
	int before;

	trace_seq_init(s);
	seq_fill(test, s, 4);
	before = trace_seq_used(s);

	trace_seq_printf(s, "%s", "too long");
	KUNIT_EXPECT_EQ(test, trace_seq_used(s), before);
	KUNIT_EXPECT_TRUE(test, trace_seq_has_overflowed(s));
	KUNIT_EXPECT_EQ(test, trace_handle_return(s), TRACE_TYPE_PARTIAL_LINE);

	/* Full: even a write that would fit is dropped. */
	trace_seq_putc(s, 'y');
	trace_seq_puts(s, "z");
	KUNIT_EXPECT_EQ(test, trace_seq_used(s), before);

	trace_seq_init(s);
	KUNIT_EXPECT_FALSE(test, trace_seq_has_overflowed(s));
	KUNIT_EXPECT_EQ(test, trace_seq_used(s), 0);
}

/* Each kind of write, on an exact fit and one byte over. */
static void seq_exact_fit(struct kunit *test)
{
	struct trace_seq *s = seq_alloc(test);

	trace_seq_init(s);
	seq_fill(test, s, 3);
	trace_seq_puts(s, "abc");
	KUNIT_EXPECT_FALSE(test, trace_seq_has_overflowed(s));
	KUNIT_EXPECT_EQ(test, trace_seq_used(s), TRACE_SEQ_BUFFER_SIZE);

	trace_seq_init(s);
	seq_fill(test, s, 3);
	trace_seq_puts(s, "abcd");
	KUNIT_EXPECT_TRUE(test, trace_seq_has_overflowed(s));
	KUNIT_EXPECT_EQ(test, trace_seq_used(s), TRACE_SEQ_BUFFER_SIZE - 3);
}

/* trace_printk()'s path: arguments packed, formatted at read time. */
static void seq_binary_printf(struct kunit *test)
{
	struct trace_seq *s = seq_alloc(test);
	u32 words[32];
	int n;

	n = bprintf(words, ARRAY_SIZE(words), "%s: %d%c %lx", "cpu", -7, '!',
		    0xabcUL);
	KUNIT_ASSERT_GT(test, n, 0);
	KUNIT_ASSERT_LE(test, n, (int)ARRAY_SIZE(words));
	trace_seq_init(s);
	trace_seq_bprintf(s, "%s: %d%c %lx", words);
	KUNIT_EXPECT_STREQ(test, seq_text(test, s), "cpu: -7! abc");
}

/* Bytes as hex, a group per word, as trace_seq_putmem_hex() always did. */
static void seq_hex(struct kunit *test)
{
	static const u8 bytes[] = { 0x01, 0x02, 0xab };
	struct trace_seq *s = seq_alloc(test);

	trace_seq_init(s);
	trace_seq_putmem_hex(s, bytes, sizeof(bytes));
	KUNIT_EXPECT_FALSE(test, trace_seq_has_overflowed(s));
#ifdef __LITTLE_ENDIAN
	KUNIT_EXPECT_STREQ(test, seq_text(test, s), "ab0201 ");
#else
	KUNIT_EXPECT_STREQ(test, seq_text(test, s), "0102ab ");
#endif
}

static void seq_mask(struct kunit *test)
{
	struct trace_seq *s = seq_alloc(test);
	unsigned long mask = 0x5;

	trace_seq_init(s);
	trace_seq_bitmask(s, &mask, 8);
	KUNIT_EXPECT_STREQ(test, seq_text(test, s), "05");
}

/* Direct writes: inside the buffer when there is room; flagged when not. */
static void seq_acquire(struct kunit *test)
{
	struct trace_seq *s = seq_alloc(test);
	char *p;

	trace_seq_init(s);
	trace_seq_puts(s, "ab");
	p = trace_seq_acquire(s, 3);
	KUNIT_ASSERT_PTR_EQ(test, p, s->buffer + 2);
	memcpy(p, "cde", 3);
	KUNIT_EXPECT_STREQ(test, seq_text(test, s), "abcde");

	trace_seq_init(s);
	seq_fill(test, s, 2);
	p = trace_seq_acquire(s, 3);
	KUNIT_EXPECT_TRUE(test, trace_seq_has_overflowed(s));
	KUNIT_EXPECT_TRUE(test, p >= s->buffer &&
			  p + 3 <= s->buffer + TRACE_SEQ_BUFFER_SIZE);
}

/* The output's own number and padding writers print what printf does. */
static void seq_numbers_as_printf(struct kunit *test)
{
	static const u64 values[] = {
		0, 1, 9, 10, 99, 100, 12345, 99999, 100000, 999999, 1000000,
		U32_MAX, (u64)U32_MAX + 1, 12345678901234ULL, U64_MAX,
	};
	struct trace_seq *s = seq_alloc(test);
	char want[48], got[48];
	int i, w, len;

	for (i = 0; i < ARRAY_SIZE(values); i++) {
		for (w = 0; w <= 22; w++) {
			trace_seq_init(s);
			trace_seq_u64(s, values[i], w);
			snprintf(want, sizeof(want), "%*llu", w, values[i]);
			KUNIT_EXPECT_STREQ(test, seq_text(test, s), want);

			len = trace_format_u64(got, values[i], w);
			got[len] = '\0';
			snprintf(want, sizeof(want), "%0*llu", w, values[i]);
			KUNIT_EXPECT_STREQ(test, got, want);
		}
	}
	for (w = -1; w <= 70; w++) {
		trace_seq_init(s);
		trace_seq_blanks(s, w);
		KUNIT_EXPECT_EQ(test, (int)trace_seq_used(s), max(w, 0));
		KUNIT_EXPECT_EQ(test, (int)strspn(seq_text(test, s), " "),
				max(w, 0));
	}
}

static int seq_sym_probe(int x)
{
	return x + 1;
}

/*
 * Names from the output's remembered symbols read as "%ps" and as
 * kallsyms_lookup() do, the first time (looked up) and the second
 * (remembered).
 */
static void seq_sym_as_printf(struct kunit *test)
{
	static int not_code;
	const unsigned long ips[] = {
		(unsigned long)seq_sym_probe,
		(unsigned long)seq_sym_probe + 1,
		(unsigned long)trace_seq_puts,
		(unsigned long)trace_seq_puts + 7,
		(unsigned long)&not_code,
		0, 1,
	};
	struct trace_seq *s = seq_alloc(test);
	char want[KSYM_SYMBOL_LEN];
	int i, round;

	for (round = 0; round < 2; round++) {
		for (i = 0; i < ARRAY_SIZE(ips); i++) {
			trace_seq_init(s);
			trace_seq_sym(s, ips[i]);
			snprintf(want, sizeof(want), "%ps", (void *)ips[i]);
			KUNIT_EXPECT_STREQ(test, seq_text(test, s), want);

			trace_seq_init(s);
			want[0] = '\0';
			kallsyms_lookup(ips[i], NULL, NULL, NULL, want);
			KUNIT_EXPECT_EQ(test, trace_seq_sym_name(s, ips[i]),
					want[0] != '\0');
			KUNIT_EXPECT_STREQ(test, seq_text(test, s), want);
		}
	}
	KUNIT_EXPECT_EQ(test, seq_sym_probe(1), 2);
}

static struct kunit_case trace_seq_cases[] = {
	KUNIT_CASE(seq_zeroed_is_valid),
	KUNIT_CASE(seq_overflow_is_all_or_nothing),
	KUNIT_CASE(seq_exact_fit),
	KUNIT_CASE(seq_binary_printf),
	KUNIT_CASE(seq_hex),
	KUNIT_CASE(seq_mask),
	KUNIT_CASE(seq_acquire),
	KUNIT_CASE(seq_numbers_as_printf),
	KUNIT_CASE(seq_sym_as_printf),
	{}
};

static struct kunit_suite trace_seq_suite = {
	.name		= "trace_seq",
	.test_cases	= trace_seq_cases,
};

kunit_test_suite(trace_seq_suite);

MODULE_DESCRIPTION("KUnit tests for struct trace_seq");
MODULE_LICENSE("GPL");
