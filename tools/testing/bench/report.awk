# SPDX-License-Identifier: GPL-2.0
# Copyright (C) 2026 The ftrace clean-room authors
#
# report.awk - the table of report.sh (which see for the input stream).
# Writes the markdown table to md and the CSV to csv (awk -v).

function isnum(s) {
	return s ~ /^-?[0-9]+(\.[0-9]+)?$/
}

# median(list): median of a space-separated list of numbers, "" if none.
function median(list,    n, a, i, j, t) {
	n = split(list, a, " ")
	if (n == 0)
		return ""
	for (i = 2; i <= n; i++) {
		t = a[i] + 0
		for (j = i - 1; j >= 1 && a[j] + 0 > t; j--)
			a[j + 1] = a[j]
		a[j + 1] = t
	}
	if (n % 2)
		return a[(n + 1) / 2] + 0
	return (a[n / 2] + a[n / 2 + 1]) / 2
}

function fmt(v) {
	if (v == "")
		return ""
	if (v >= 1000 || v <= -1000)
		return sprintf("%.0f", v)
	if (v >= 10 || v <= -10)
		return sprintf("%.1f", v)
	return sprintf("%.2f", v)
}

function ratio(a, b) {
	if (a == "" || b == "" || b == 0)
		return ""
	return sprintf("%.2f", a / b)
}

# cell(kernel, mode, key): the median, or why there is none.
function cell(k, m, key,    v) {
	v = median(vals[k, m, key])
	if (v != "")
		return fmt(v)
	if ((k, key) in why)
		return why[k, key] ~ /^no / ? "n/a (not implemented)" : "n/a"
	return "missing"
}

$1 == "R" {
	sub(/^R /, "")
	split($0, f, "|")
	nrows++
	key[nrows] = f[1]
	what[f[1]] = f[2]
	unit[f[1]] = f[3]
	goal[f[1]] = f[4]
	next
}

# V kernel mode boot key value...
$1 == "V" {
	k = $2; m = $3; b = $4; name = $5
	boots[b] = k SUBSEP m
	if (isnum($6)) {
		vals[k, m, name] = vals[k, m, name] " " $6
		bv[b, name] = $6
	} else {
		r = $0
		sub(/^V [^ ]+ [^ ]+ [^ ]+ [^ ]+ n\/a */, "", r)
		why[k, name] = r
	}
}

END {
	# Derived per boot: traced loop minus the same boot's tracing-off loop.
	for (b in boots) {
		split(boots[b], km, SUBSEP)
		for (i = 1; i <= nrows; i++) {
			name = key[i]
			if (name !~ /^overhead\./)
				continue
			src = name
			sub(/^overhead\./, "syscall.", src)
			if (((b, src) in bv) && ((b, "syscall.off") in bv))
				vals[km[1], km[2], name] = vals[km[1], km[2], name] " " \
					(bv[b, src] - bv[b, "syscall.off"])
			else if ((km[1], src) in why)
				why[km[1], name] = why[km[1], src]
		}
	}

	print "| workload | unit | ours | upstream | ours/upstream | goal | wall-clock: ours / upstream (ratio) |" > md
	print "| --- | --- | ---: | ---: | ---: | --- | --- |" > md
	print "workload,description,unit,ours,upstream,ratio,goal,ours_wall,upstream_wall,wall_ratio,note" > csv
	for (i = 1; i <= nrows; i++) {
		name = key[i]
		o = median(vals["ours", "icount", name])
		u = median(vals["upstream", "icount", name])
		ow = median(vals["ours", "wall", name])
		uw = median(vals["upstream", "wall", name])
		r = ratio(o, u)
		note = ""
		if (o == "" && ("ours", name) in why) {
			note = "ours: " why["ours", name]
			r = why["ours", name] ~ /^no / ? \
				"n/a (ours: not implemented)" : "n/a (ours: " why["ours", name] ")"
		} else if (u == "" && ("upstream", name) in why) {
			note = "upstream: " why["upstream", name]
			r = "n/a (upstream: " why["upstream", name] ")"
		}
		# Sizes are host figures; at boot, before the clocksource
		# settles, plain TCG's printk time often reads 0.
		if (name ~ /^(size|boot)\./)
			w = "-"
		else if (ow == "" && uw == "")
			w = "-"
		else
			w = cell("ours", "wall", name) " / " cell("upstream", "wall", name) \
			    (ratio(ow, uw) != "" ? " (" ratio(ow, uw) ")" : "")
		printf "| %s | %s | %s | %s | %s | %s | %s |\n", what[name], unit[name],
			cell("ours", "icount", name), cell("upstream", "icount", name),
			r, goal[name], w > md
		gsub(/"/, "'", note)
		printf "%s,\"%s\",%s,%s,%s,%s,\"%s\",%s,%s,%s,\"%s\"\n", name, what[name],
			unit[name], o, u, ratio(o, u), goal[name], ow, uw, ratio(ow, uw),
			note > csv
	}
	# Why each n/a is n/a, in the guest's words.
	printed = 0
	for (i = 1; i <= nrows; i++) {
		name = key[i]
		for (kk = 1; kk <= 2; kk++) {
			k = kk == 1 ? "ours" : "upstream"
			if (median(vals[k, "icount", name]) == "" && ((k, name) in why)) {
				if (!printed++)
					print "\nn/a, as the guest found it:" > md
				print "- " k ", " name ": " why[k, name] > md
			}
		}
	}
}
