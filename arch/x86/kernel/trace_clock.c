// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * The "x86-tsc" trace clock.
 */
#include <asm/msr.h>
#include <asm/trace_clock.h>

/**
 * trace_clock_x86_tsc - read the time stamp counter, ordered
 *
 * The read is ordered against earlier loads (rdtsc_ordered()), so a stamp
 * never predates the code that precedes it.  The value is in TSC cycles.
 *
 * Return: the current TSC value.
 */
u64 notrace trace_clock_x86_tsc(void)
{
	return rdtsc_ordered();
}
