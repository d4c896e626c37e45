// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * recordmcount: write the __mcount_loc table of a kernel object.
 *
 * usage: recordmcount [-w] FILE.o...
 *
 * Kbuild runs it on every object compiled with the function tracer's
 * flags (scripts/Makefile.build, cmd_record_mcount) where neither the
 * compiler (-mrecord-mcount) nor objtool writes the table.  For each
 * call to the tracer's entry point (__fentry__, or mcount/_mcount for
 * -pg without -mfentry) in an executable section, it adds one word to a
 * new allocated section __mcount_loc, and a relocation (.rel__mcount_loc
 * or .rela__mcount_loc, as the object's machine uses) that makes the
 * word the address of the call instruction.  The linker script gathers
 * the tables between __start_mcount_loc and __stop_mcount_loc (modules:
 * the module loader finds the section); ftrace_init() turns each call
 * into a NOP.
 *
 * The rules:
 * - Objects: little-endian ELF relocatable, 32-bit (EM_386) or 64-bit
 *   (EM_X86_64).  Anything else is refused with a message, not guessed.
 * - Sections: calls are recorded in every allocated executable section
 *   (.text, .init.text, .sched.text, ...), as gcc's -mrecord-mcount
 *   does; the linker leaves a discarded section's entry zero, which
 *   ftrace_init() skips.  A reference from a section that is not code
 *   is not a call site: it is ignored (-w says so).
 * - The word names a call site as "symbol + offset", where the symbol
 *   is the section symbol of the call's section or, if the assembler
 *   made none, a local or global symbol defined there.  Never a weak
 *   one: a weak symbol may be resolved to another object's definition
 *   at link time, and the word would point into that one.  A section
 *   with call sites and no such symbol is an error.
 * - A reference to the entry point must be "call <entry>": the byte
 *   before it 0xe8, a PC-relative 32-bit relocation with the addend -4.
 *   Anything else is an error naming the object, section and offset:
 *   the table is never silently short.
 * - An object that already has __mcount_loc is left alone.
 *
 * The object is rewritten whole (to FILE.o.tmp, then renamed): the new
 * sections, a copy of .shstrtab with their names and a new section
 * header table go after the old contents, which stay where they are.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "recordmcount.h"

#define MCOUNT_SEC	"__mcount_loc"
#define CALL_OPCODE	0xe8

static int warn_ignored;

/* One call site: the section that holds it and the call's offset. */
struct rm_site {
	unsigned int	sec;
	u64	off;
};

/* The symbol a section's call sites are relocated against. */
struct rm_base {
	u32	sym;	/* 0: none yet */
	u64	value;
	int		prio;	/* 2 section symbol, 1 local/global symbol */
};

struct rm_ctx {
	struct rm_obj	o;
	unsigned int	symtab;
	u64	nsyms;
	unsigned char	*is_entry;	/* per symbol: the tracer's entry */
	struct rm_base	*base;		/* per section */
	struct rm_site	*sites;
	size_t		nsites;
	size_t		cap;
};

static __printf(2, 3) int err(const struct rm_ctx *c, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "recordmcount: %s: ", c->o.path);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return -1;
}

static int read_file(struct rm_ctx *c)
{
	FILE *f = fopen(c->o.path, "rb");
	struct stat st;

	if (!f || fstat(fileno(f), &st))
		return err(c, "%s", strerror(errno));
	c->o.len = st.st_size;
	c->o.buf = malloc(c->o.len ? c->o.len : 1);
	if (!c->o.buf || fread(c->o.buf, 1, c->o.len, f) != c->o.len) {
		fclose(f);
		return err(c, "cannot read it");
	}
	fclose(f);
	return 0;
}

/* The ELF header: a little-endian x86 relocatable object. */
static int check_header(struct rm_ctx *c)
{
	struct rm_obj *o = &c->o;
	const unsigned char *e = o->buf;

	if (o->len < sizeof(Elf32_Ehdr) || memcmp(e, ELFMAG, SELFMAG))
		return err(c, "not an ELF file");
	if (e[EI_DATA] != ELFDATA2LSB)
		return err(c, "not little-endian: unsupported");
	if (e[EI_CLASS] != ELFCLASS32 && e[EI_CLASS] != ELFCLASS64)
		return err(c, "unknown ELF class %u", e[EI_CLASS]);
	o->is64 = e[EI_CLASS] == ELFCLASS64;
	if (o->is64 && o->len < sizeof(Elf64_Ehdr))
		return err(c, "truncated ELF header");
	if (RM_FIELD(o, e, Elf32_Ehdr, Elf64_Ehdr, e_type) != ET_REL)
		return err(c, "not a relocatable object");
	o->machine = RM_FIELD(o, e, Elf32_Ehdr, Elf64_Ehdr, e_machine);
	if (o->machine != (o->is64 ? EM_X86_64 : EM_386))
		return err(c, "machine %u (%d-bit): unsupported", o->machine,
			   o->is64 ? 64 : 32);
	if (RM_FIELD(o, e, Elf32_Ehdr, Elf64_Ehdr, e_shentsize) !=
	    rm_shdr_size(o))
		return err(c, "unexpected section header size");
	return 0;
}

/* Read the section headers into o->secs, checking they fit the file. */
static int read_sections(struct rm_ctx *c)
{
	struct rm_obj *o = &c->o;
	u64 shoff = RM_FIELD(o, o->buf, Elf32_Ehdr, Elf64_Ehdr, e_shoff);
	unsigned int i;
	struct rm_sec *str;

	o->nsecs = RM_FIELD(o, o->buf, Elf32_Ehdr, Elf64_Ehdr, e_shnum);
	o->shstrndx = RM_FIELD(o, o->buf, Elf32_Ehdr, Elf64_Ehdr, e_shstrndx);
	if (!o->nsecs || o->shstrndx == SHN_XINDEX)
		return err(c, "extended section numbering: unsupported");
	if (o->shstrndx >= o->nsecs ||
	    shoff > o->len || (o->len - shoff) / rm_shdr_size(o) < o->nsecs)
		return err(c, "section headers out of the file");
	o->secs = calloc(o->nsecs, sizeof(*o->secs));
	if (!o->secs)
		return err(c, "out of memory");
	for (i = 0; i < o->nsecs; i++) {
		const unsigned char *p = o->buf + shoff + i * rm_shdr_size(o);
		struct rm_sec *s = &o->secs[i];

		s->type = RM_FIELD(o, p, Elf32_Shdr, Elf64_Shdr, sh_type);
		s->flags = RM_FIELD(o, p, Elf32_Shdr, Elf64_Shdr, sh_flags);
		s->offset = RM_FIELD(o, p, Elf32_Shdr, Elf64_Shdr, sh_offset);
		s->size = RM_FIELD(o, p, Elf32_Shdr, Elf64_Shdr, sh_size);
		s->link = RM_FIELD(o, p, Elf32_Shdr, Elf64_Shdr, sh_link);
		s->info = RM_FIELD(o, p, Elf32_Shdr, Elf64_Shdr, sh_info);
		s->addralign = RM_FIELD(o, p, Elf32_Shdr, Elf64_Shdr,
					sh_addralign);
		s->entsize = RM_FIELD(o, p, Elf32_Shdr, Elf64_Shdr, sh_entsize);
		s->name = (const char *)(uintptr_t)
			RM_FIELD(o, p, Elf32_Shdr, Elf64_Shdr, sh_name);
		if (s->type != SHT_NOBITS &&
		    (s->offset > o->len || o->len - s->offset < s->size))
			return err(c, "section %u out of the file", i);
	}
	/* Names last: sh_name was parked in ->name until .shstrtab is known. */
	str = &o->secs[o->shstrndx];
	for (i = 0; i < o->nsecs; i++) {
		uintptr_t n = (uintptr_t)o->secs[i].name;

		o->secs[i].name = n < str->size ?
			(const char *)o->buf + str->offset + n : "";
	}
	if (str->size && o->buf[str->offset + str->size - 1])
		return err(c, ".shstrtab is not terminated");
	return 0;
}

/*
 * Find the symbol table, mark the entry point's symbols and choose each
 * section's base symbol.  Return 1 if the object never references the
 * entry point.
 */
static int read_symbols(struct rm_ctx *c)
{
	struct rm_obj *o = &c->o;
	unsigned int i, found = 0;
	struct rm_sym sym;
	u64 n;

	for (i = 0; i < o->nsecs; i++) {
		if (o->secs[i].type == SHT_SYMTAB_SHNDX)
			return err(c, "SHT_SYMTAB_SHNDX: unsupported");
		if (o->secs[i].type == SHT_SYMTAB) {
			if (found++)
				return err(c, "more than one symbol table");
			c->symtab = i;
		}
		if (!strcmp(o->secs[i].name, MCOUNT_SEC))
			return 1;
	}
	if (!found)
		return 1;
	if (o->secs[c->symtab].link >= o->nsecs)
		return err(c, "symbol table without strings");
	c->nsyms = o->secs[c->symtab].size / rm_sym_size(o);
	c->is_entry = calloc(c->nsyms ? c->nsyms : 1, 1);
	c->base = calloc(o->nsecs, sizeof(*c->base));
	if (!c->is_entry || !c->base)
		return err(c, "out of memory");
	found = 0;
	for (n = 1; n < c->nsyms; n++) {
		int prio = 0;

		rm_read_sym(o, &o->secs[c->symtab], n, &sym);
		if (sym.shndx == SHN_UNDEF) {
			if (!strcmp(sym.name, "__fentry__") ||
			    !strcmp(sym.name, "mcount") ||
			    !strcmp(sym.name, "_mcount")) {
				c->is_entry[n] = 1;
				found = 1;
			}
			continue;
		}
		if (sym.shndx >= o->nsecs)
			continue;
		if (sym.type == STT_SECTION)
			prio = 2;
		else if ((sym.bind == STB_LOCAL || sym.bind == STB_GLOBAL) &&
			 (sym.type == STT_FUNC || sym.type == STT_NOTYPE))
			prio = 1;
		if (prio > c->base[sym.shndx].prio ||
		    (prio && prio == c->base[sym.shndx].prio &&
		     sym.value < c->base[sym.shndx].value)) {
			c->base[sym.shndx].sym = n;
			c->base[sym.shndx].value = sym.value;
			c->base[sym.shndx].prio = prio;
		}
	}
	return found ? 0 : 1;
}

static int is_call_reloc(const struct rm_obj *o, u32 type)
{
	if (o->machine == EM_386)
		return type == R_386_PC32 || type == R_386_PLT32;
	return type == R_X86_64_PC32 || type == R_X86_64_PLT32;
}

static int add_site(struct rm_ctx *c, unsigned int sec, u64 off)
{
	if (c->nsites == c->cap) {
		size_t cap = c->cap ? 2 * c->cap : 256;
		struct rm_site *s = realloc(c->sites, cap * sizeof(*s));

		if (!s)
			return err(c, "out of memory");
		c->sites = s;
		c->cap = cap;
	}
	c->sites[c->nsites].sec = sec;
	c->sites[c->nsites].off = off;
	c->nsites++;
	return 0;
}

/* Check that relocation @r of text section @t is "call <entry>". */
static int check_call(struct rm_ctx *c, const struct rm_sec *t,
		      const struct rm_sec *rs, const struct rm_rel *r)
{
	const unsigned char *text = c->o.buf + t->offset;
	s64 addend = r->addend;

	if (!is_call_reloc(&c->o, r->type))
		return err(c, "%s+0x%llx: unexpected relocation type %u to the tracer's entry",
			   t->name, (unsigned long long)r->offset, r->type);
	if (t->type != SHT_PROGBITS || r->offset < 1 || r->offset > t->size ||
	    t->size - r->offset < 4)
		return err(c, "%s+0x%llx: a reference to the tracer's entry out of the section",
			   t->name, (unsigned long long)r->offset);
	if (rs->type == SHT_REL)
		addend = (s32)rm_get(text + r->offset, 4);
	if (text[r->offset - 1] != CALL_OPCODE || addend != -4)
		return err(c, "%s+0x%llx: a reference to the tracer's entry that is not a call",
			   t->name, (unsigned long long)r->offset - 1);
	return 0;
}

/* Collect the call sites of the relocation section @rs. */
static int scan_relocs(struct rm_ctx *c, const struct rm_sec *rs)
{
	const struct rm_obj *o = &c->o;
	const struct rm_sec *t;
	struct rm_rel r;
	u64 i, n;

	if (rs->link != c->symtab || rs->info >= o->nsecs)
		return 0;
	t = &o->secs[rs->info];
	n = rs->size / rm_rel_size(o, rs->type == SHT_RELA);
	for (i = 0; i < n; i++) {
		rm_read_rel(o, rs, i, &r);
		if (r.sym >= c->nsyms || !c->is_entry[r.sym])
			continue;
		if (!(t->flags & SHF_EXECINSTR) || !(t->flags & SHF_ALLOC)) {
			if (warn_ignored)
				fprintf(stderr, "recordmcount: %s: %s+0x%llx: not code, ignored\n",
					o->path, t->name,
					(unsigned long long)r.offset);
			continue;
		}
		if (check_call(c, t, rs, &r) ||
		    add_site(c, rs->info, r.offset - 1))
			return -1;
	}
	return 0;
}

static int site_cmp(const void *a, const void *b)
{
	const struct rm_site *x = a, *y = b;

	if (x->sec != y->sec)
		return x->sec < y->sec ? -1 : 1;
	return x->off < y->off ? -1 : x->off > y->off;
}

static u64 align_up(u64 v, u64 a)
{
	return (v + a - 1) / a * a;
}

/*
 * Lay out the new object in @out: the old contents, __mcount_loc, its
 * relocations, .shstrtab with the two new names, the section headers.
 */
static int build_output(struct rm_ctx *c, unsigned char **outp, size_t *lenp)
{
	struct rm_obj *o = &c->o;
	int rela = o->machine == EM_X86_64;
	const char *relname = rela ? ".rela" MCOUNT_SEC : ".rel" MCOUNT_SEC;
	unsigned int w = rm_word(o), i;
	const struct rm_sec *str = &o->secs[o->shstrndx];
	u64 shoff = RM_FIELD(o, o->buf, Elf32_Ehdr, Elf64_Ehdr, e_shoff);
	u64 loc_off, rel_off, str_off, sh_off, len;
	size_t relsz = rm_rel_size(o, rela), shsz = rm_shdr_size(o);
	u32 loc_name = str->size, rel_name = loc_name + sizeof(MCOUNT_SEC);
	struct rm_sec loc = { 0 }, rel = { 0 }, newstr = *str;
	unsigned char *out;

	loc_off = align_up(o->len, w);
	rel_off = align_up(loc_off + c->nsites * w, w);
	str_off = rel_off + c->nsites * relsz;
	newstr.offset = str_off;
	newstr.size = str->size + sizeof(MCOUNT_SEC) + strlen(relname) + 1;
	sh_off = align_up(str_off + newstr.size, w);
	len = sh_off + (o->nsecs + 2) * shsz;
	out = calloc(len, 1);
	if (!out)
		return err(c, "out of memory");
	memcpy(out, o->buf, o->len);

	for (i = 0; i < c->nsites; i++) {
		const struct rm_site *s = &c->sites[i];
		const struct rm_base *b = &c->base[s->sec];
		struct rm_rel r = {
			.offset = (u64)i * w,
			.sym = b->sym,
			.type = rela ? R_X86_64_64 : R_386_32,
			.addend = (s64)(s->off - b->value),
		};

		if (!rela)
			rm_put(out + loc_off + r.offset, r.addend, w);
		rm_write_rel(o, rela, out + rel_off + i * relsz, &r);
	}

	memcpy(out + str_off, o->buf + str->offset, str->size);
	memcpy(out + str_off + loc_name, MCOUNT_SEC, sizeof(MCOUNT_SEC));
	memcpy(out + str_off + rel_name, relname, strlen(relname) + 1);

	memcpy(out + sh_off, o->buf + shoff, o->nsecs * shsz);
	RM_SET_FIELD(o, out + sh_off + o->shstrndx * shsz, Elf32_Shdr,
		     Elf64_Shdr, sh_offset, newstr.offset);
	RM_SET_FIELD(o, out + sh_off + o->shstrndx * shsz, Elf32_Shdr,
		     Elf64_Shdr, sh_size, newstr.size);
	loc.type = SHT_PROGBITS;
	loc.flags = SHF_ALLOC;
	loc.offset = loc_off;
	loc.size = c->nsites * w;
	loc.addralign = w;
	rm_write_shdr(o, out + sh_off + o->nsecs * shsz, &loc, loc_name);
	rel.type = rela ? SHT_RELA : SHT_REL;
	rel.flags = SHF_INFO_LINK;
	rel.offset = rel_off;
	rel.size = c->nsites * relsz;
	rel.link = c->symtab;
	rel.info = o->nsecs;
	rel.addralign = w;
	rel.entsize = relsz;
	rm_write_shdr(o, out + sh_off + (o->nsecs + 1) * shsz, &rel, rel_name);

	RM_SET_FIELD(o, out, Elf32_Ehdr, Elf64_Ehdr, e_shoff, sh_off);
	RM_SET_FIELD(o, out, Elf32_Ehdr, Elf64_Ehdr, e_shnum, o->nsecs + 2);
	*outp = out;
	*lenp = len;
	return 0;
}

static int write_file(struct rm_ctx *c, const unsigned char *buf, size_t len)
{
	size_t n = strlen(c->o.path) + sizeof(".tmp");
	char *tmp = malloc(n);
	FILE *f;
	int ret = 0;

	if (!tmp)
		return err(c, "out of memory");
	snprintf(tmp, n, "%s.tmp", c->o.path);
	f = fopen(tmp, "wb");
	if (!f || fwrite(buf, 1, len, f) != len)
		ret = err(c, "cannot write %s: %s", tmp, strerror(errno));
	if (f && fclose(f) && !ret)
		ret = err(c, "cannot write %s: %s", tmp, strerror(errno));
	if (!ret && rename(tmp, c->o.path))
		ret = err(c, "cannot rename %s: %s", tmp, strerror(errno));
	if (ret)
		remove(tmp);
	free(tmp);
	return ret;
}

/* Every call site found has a base symbol to be relocated against. */
static int check_bases(struct rm_ctx *c)
{
	size_t i;

	for (i = 0; i < c->nsites; i++) {
		const struct rm_site *s = &c->sites[i];

		if (!c->base[s->sec].prio)
			return err(c, "%s+0x%llx: a call site in a section without a usable symbol",
				   c->o.secs[s->sec].name,
				   (unsigned long long)s->off);
	}
	return 0;
}

static int record(struct rm_ctx *c)
{
	unsigned char *out = NULL;
	size_t len = 0;
	unsigned int i;
	int ret;

	if (read_file(c) || check_header(c) || read_sections(c))
		return -1;
	ret = read_symbols(c);
	if (ret)
		return ret < 0 ? -1 : 0;
	for (i = 0; i < c->o.nsecs; i++) {
		const struct rm_sec *s = &c->o.secs[i];

		if ((s->type == SHT_REL || s->type == SHT_RELA) &&
		    scan_relocs(c, s))
			return -1;
	}
	if (!c->nsites)
		return 0;
	qsort(c->sites, c->nsites, sizeof(*c->sites), site_cmp);
	if (check_bases(c) || build_output(c, &out, &len))
		return -1;
	ret = write_file(c, out, len);
	free(out);
	return ret;
}

static void release(struct rm_ctx *c)
{
	free(c->o.buf);
	free(c->o.secs);
	free(c->is_entry);
	free(c->base);
	free(c->sites);
}

int main(int argc, char **argv)
{
	int i, status = 0;

	for (i = 1; i < argc; i++) {
		struct rm_ctx c = { .o.path = argv[i] };

		if (!strcmp(argv[i], "-w")) {
			warn_ignored = 1;
			continue;
		}
		if (record(&c))
			status = 1;
		release(&c);
	}
	return status;
}
