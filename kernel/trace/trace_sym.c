// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Function names for the text output, remembered.
 *
 * A function or function_graph trace names the same few hundred
 * functions over and over, and kallsyms_lookup() decompresses each name
 * from the nearest of its markers every time: about 9,000 instructions a
 * name, more than the rest of a function_graph line.  The readers keep
 * the names they looked up last in a small direct-mapped table.
 *
 * Only addresses in the core kernel's text are kept: their names never
 * change.  A module's, a BPF program's or a trampoline's address can be
 * freed and given to other code, so those are looked up every time, as
 * are names too long for a slot.
 *
 * trace_sym_lock protects every slot.  It is only tried, never waited
 * for, so that ftrace_dump() from an NMI cannot spin on a reader it
 * interrupted: whoever finds it taken looks the name up uncached.
 */

#include <linux/hash.h>
#include <linux/kallsyms.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <asm/sections.h>

#include "trace.h"

#define TRACE_SYM_BITS	8
#define TRACE_SYM_NAME	56

struct trace_sym_slot {
	unsigned long	ip;		/* 0: empty */
	char		name[TRACE_SYM_NAME];
};

static struct trace_sym_slot trace_sym_slots[1 << TRACE_SYM_BITS];
static DEFINE_RAW_SPINLOCK(trace_sym_lock);

/* Append the name remembered for @ip; false if there is none. */
static bool trace_sym_put_cached(struct trace_seq *s, unsigned long ip)
{
	struct trace_sym_slot *slot = &trace_sym_slots[hash_long(ip, TRACE_SYM_BITS)];
	unsigned long flags;
	bool hit = false;

	if (!raw_spin_trylock_irqsave(&trace_sym_lock, flags))
		return false;
	if (slot->ip == ip) {
		trace_seq_puts(s, slot->name);
		hit = true;
	}
	raw_spin_unlock_irqrestore(&trace_sym_lock, flags);
	return hit;
}

static void trace_sym_remember(unsigned long ip, const char *name)
{
	struct trace_sym_slot *slot = &trace_sym_slots[hash_long(ip, TRACE_SYM_BITS)];
	unsigned long flags;

	if (strlen(name) >= TRACE_SYM_NAME)
		return;
	if (!raw_spin_trylock_irqsave(&trace_sym_lock, flags))
		return;
	slot->ip = ip;
	strscpy(slot->name, name, TRACE_SYM_NAME);
	raw_spin_unlock_irqrestore(&trace_sym_lock, flags);
}

/*
 * Look the name up, remember it if @ip is core text, append it.  Out of
 * line: its buffer is cleared on every call (INIT_STACK_ALL_ZERO), which
 * the remembered names spare.
 */
static noinline bool trace_sym_put_lookup(struct trace_seq *s,
					  unsigned long ip, bool core)
{
	char name[KSYM_NAME_LEN];

	name[0] = '\0';
	if (!kallsyms_lookup(ip, NULL, NULL, NULL, name) || !name[0])
		return false;
	if (core)
		trace_sym_remember(ip, name);
	trace_seq_puts(s, name);
	return true;
}

/**
 * trace_seq_sym_name - append the name of the function holding an address
 * @s:  the sequence
 * @ip: the address
 *
 * What kallsyms_lookup() gives for @ip: the bare name, no offset and no
 * module.
 *
 * Return: true, or false with nothing appended if @ip has no symbol.
 */
bool trace_seq_sym_name(struct trace_seq *s, unsigned long ip)
{
	bool core = is_kernel_text(ip);

	if (core && trace_sym_put_cached(s, ip))
		return true;
	return trace_sym_put_lookup(s, ip, core);
}

/**
 * trace_seq_sym - append a code address as "%ps" prints it
 * @s:  the sequence
 * @ip: the address
 *
 * The function's name when it has a symbol, " [module]" after it for a
 * module's; otherwise what "%ps" prints for an unknown address.
 */
void trace_seq_sym(struct trace_seq *s, unsigned long ip)
{
	if (!is_kernel_text(ip) || !trace_seq_sym_name(s, ip))
		trace_seq_printf(s, "%ps", (void *)ip);
}
