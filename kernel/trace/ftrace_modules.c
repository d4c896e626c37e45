// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * Text that comes and goes: a module's records join the updates when its
 * text is final (ftrace_module_enable()), and leave with it
 * (ftrace_release_mod()); freed text (a module's or vmlinux's init
 * sections) has its records retired (ftrace_free_mem()).  Functions that
 * go away are forgotten in every ops' filters and in the direct calls'
 * map.  Making a module's records (ftrace_module_init()) is
 * ftrace_records.c's; this file sits on top of the core, since it calls
 * into all of it.
 */

#include <linux/module.h>
#include <linux/slab.h>
#include <asm/sections.h>

#include "trace.h"
#include "ftrace_internal.h"

/**
 * ftrace_module_enable - let the registered ops trace a module coming live
 * @mod: the module, its text now read-only and executable
 */
void ftrace_module_enable(struct module *mod)
{
	struct ftrace_rec_group *g;

	guard(mutex)(&ftrace_lock);
	g = ftrace_mod_group(mod);
	if (!g || ftrace_disabled)
		return;
	/* Registered ops may trace it now: it needs its states. */
	if (ftrace_ops_locked(&ftrace_ops_list) != &ftrace_list_end &&
	    ftrace_rec_states_get(g)) {
		pr_warn("ftrace: no memory for the state of %s's call sites: not traced\n",
			mod->name);
		return;
	}
	ftrace_group_set_live(g);
	ftrace_mod_pending_load(mod->name);
	ftrace_update_all();
}

/* Forget [@start, @end], text going away, in @ops' hashes.  ftrace_lock. */
static void ftrace_forget_ops_ips(struct ftrace_ops *ops, unsigned long start,
				  unsigned long end)
{
	ftrace_hash_forget_range(ftrace_ops_hash(ops, true), start, end);
	ftrace_hash_forget_range(ftrace_ops_hash(ops, false), start, end);
}

/*
 * Forget [@start, @end] in the hashes of every registered ops, of the
 * top-level function tracer's, which apply whenever it runs, and in the
 * direct calls' map.
 */
static void ftrace_forget_ip_range(unsigned long start, unsigned long end)
{
	struct ftrace_ops *ops;

	ftrace_direct_forget(start, end);
	ftrace_site_map_drop();
	if (!ftrace_ops_registered(&global_ops))
		ftrace_forget_ops_ips(&global_ops, start, end);
	for_each_ftrace_op_locked(ops)
		ftrace_forget_ops_ips(ops, start, end);
}

/**
 * ftrace_release_mod - drop a module's records
 * @mod: the module, going away (or failed to load)
 */
void ftrace_release_mod(struct module *mod)
{
	struct ftrace_rec_group *g;

	scoped_guard(mutex, &ftrace_lock) {
		g = ftrace_mod_group(mod);
		if (!g)
			return;
		ftrace_del_group(g);
		ftrace_forget_ip_range(g->start, g->end);
		/* Count the ops again without the module's functions. */
		ftrace_update_all();
	}
	/* Lookups walk the groups under RCU. */
	synchronize_rcu();
	ftrace_free_group(g);
}

/**
 * ftrace_free_mem - forget the call sites of text about to be freed
 * @mod:   the module the text belongs to (unused: the range says it all)
 * @start: the text's start
 * @end:   its end
 */
void ftrace_free_mem(struct module *mod, void *start, void *end)
{
	guard(mutex)(&ftrace_lock);
	ftrace_retire_range((unsigned long)start, (unsigned long)end);
	ftrace_forget_ip_range((unsigned long)start, (unsigned long)end - 1);
}

/**
 * ftrace_free_init_mem - forget the call sites of vmlinux's init text
 */
void __init ftrace_free_init_mem(void)
{
	ftrace_boot_snapshot();
	ftrace_free_mem(NULL, __init_begin, __init_end);
}
