/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The ftrace clean-room authors
 *
 * recordmcount.h: a width-independent view of a little-endian ELF
 * relocatable object held in memory, for recordmcount.c.
 *
 * The object is read whole into rm_obj.buf.  The section headers and
 * symbols are read into the host's own structures (struct rm_sec,
 * struct rm_sym) with every field widened to 64 bits, so the code that
 * looks for call sites never asks whether the object is ELFCLASS32 or
 * ELFCLASS64; only the readers and writers below do.
 */
#ifndef _RECORDMCOUNT_H
#define _RECORDMCOUNT_H

#include <elf.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* The kernel's names for the fixed-width types, in this host program. */
typedef uint16_t u16;
typedef uint32_t u32;
typedef int32_t s32;
typedef uint64_t u64;
typedef int64_t s64;

#define __printf(a, b)	__attribute__((format(printf, a, b)))

struct rm_sec {
	const char	*name;
	u32	type;
	u64	flags;
	u64	offset;
	u64	size;
	u32	link;
	u32	info;
	u64	addralign;
	u64	entsize;
};

struct rm_sym {
	const char	*name;
	u64	value;
	u16	shndx;
	unsigned char	bind;
	unsigned char	type;
};

struct rm_rel {
	u64	offset;
	u32	sym;
	u32	type;
	s64		addend;	/* RELA only; REL keeps it in the section */
};

struct rm_obj {
	const char	*path;
	unsigned char	*buf;
	size_t		len;
	int		is64;		/* ELFCLASS64 */
	u16	machine;
	struct rm_sec	*secs;
	unsigned int	nsecs;
	unsigned int	shstrndx;
};

/* Little-endian loads and stores, whatever the host's byte order. */
static inline u64 rm_get(const unsigned char *p, unsigned int size)
{
	u64 v = 0;

	while (size--)
		v = (v << 8) | p[size];
	return v;
}

static inline void rm_put(unsigned char *p, u64 v, unsigned int size)
{
	unsigned int i;

	for (i = 0; i < size; i++, v >>= 8)
		p[i] = v & 0xff;
}

/* An object's word: the size of an address, of a __mcount_loc entry. */
static inline unsigned int rm_word(const struct rm_obj *o)
{
	return o->is64 ? 8 : 4;
}

/* A field of a structure at @p, by its offset in the 32- or 64-bit form. */
#define RM_FIELD(o, p, t32, t64, f)					\
	((o)->is64 ?							\
	 rm_get((p) + offsetof(t64, f), sizeof(((t64 *)0)->f)) :	\
	 rm_get((p) + offsetof(t32, f), sizeof(((t32 *)0)->f)))

static inline size_t rm_shdr_size(const struct rm_obj *o)
{
	return o->is64 ? sizeof(Elf64_Shdr) : sizeof(Elf32_Shdr);
}

static inline size_t rm_sym_size(const struct rm_obj *o)
{
	return o->is64 ? sizeof(Elf64_Sym) : sizeof(Elf32_Sym);
}

static inline size_t rm_rel_size(const struct rm_obj *o, int rela)
{
	if (o->is64)
		return rela ? sizeof(Elf64_Rela) : sizeof(Elf64_Rel);
	return rela ? sizeof(Elf32_Rela) : sizeof(Elf32_Rel);
}

/* Relocation @i of section @s, which is SHT_REL or SHT_RELA. */
static inline void rm_read_rel(const struct rm_obj *o, const struct rm_sec *s,
			       u64 i, struct rm_rel *r)
{
	int rela = s->type == SHT_RELA;
	const unsigned char *p = o->buf + s->offset + i * rm_rel_size(o, rela);
	u64 info = RM_FIELD(o, p, Elf32_Rel, Elf64_Rel, r_info);

	r->offset = RM_FIELD(o, p, Elf32_Rel, Elf64_Rel, r_offset);
	r->sym = o->is64 ? ELF64_R_SYM(info) : ELF32_R_SYM(info);
	r->type = o->is64 ? ELF64_R_TYPE(info) : ELF32_R_TYPE(info);
	r->addend = 0;
	if (rela)
		r->addend = o->is64 ?
			(s64)RM_FIELD(o, p, Elf32_Rela, Elf64_Rela, r_addend) :
			(s32)RM_FIELD(o, p, Elf32_Rela, Elf64_Rela, r_addend);
}

/* Write relocation @r at @p, in the object's REL or RELA form. */
static inline void rm_write_rel(const struct rm_obj *o, int rela,
				unsigned char *p, const struct rm_rel *r)
{
	unsigned int w = rm_word(o);
	u64 info = o->is64 ? ELF64_R_INFO(r->sym, r->type) :
				  ELF32_R_INFO(r->sym, r->type);

	rm_put(p, r->offset, w);
	rm_put(p + w, info, w);
	if (rela)
		rm_put(p + 2 * w, (u64)r->addend, w);
}

/* Symbol @i of the symbol table @s. */
static inline void rm_read_sym(const struct rm_obj *o, const struct rm_sec *s,
			       u64 i, struct rm_sym *sym)
{
	const unsigned char *p = o->buf + s->offset + i * rm_sym_size(o);
	const struct rm_sec *str = &o->secs[s->link];
	unsigned char info = RM_FIELD(o, p, Elf32_Sym, Elf64_Sym, st_info);
	u64 name = RM_FIELD(o, p, Elf32_Sym, Elf64_Sym, st_name);

	sym->name = name < str->size ?
		(const char *)o->buf + str->offset + name : "";
	sym->value = RM_FIELD(o, p, Elf32_Sym, Elf64_Sym, st_value);
	sym->shndx = RM_FIELD(o, p, Elf32_Sym, Elf64_Sym, st_shndx);
	sym->bind = ELF64_ST_BIND(info);
	sym->type = ELF64_ST_TYPE(info);
}

/* Store @v in field @f of a structure at @p, in the object's form. */
#define RM_SET_FIELD(o, p, t32, t64, f, v)				\
	((o)->is64 ?							\
	 rm_put((p) + offsetof(t64, f), (v), sizeof(((t64 *)0)->f)) :	\
	 rm_put((p) + offsetof(t32, f), (v), sizeof(((t32 *)0)->f)))

/* Section header @s, named at @name in .shstrtab, in the object's form. */
static inline void rm_write_shdr(const struct rm_obj *o, unsigned char *p,
				 const struct rm_sec *s, u32 name)
{
	memset(p, 0, rm_shdr_size(o));
	RM_SET_FIELD(o, p, Elf32_Shdr, Elf64_Shdr, sh_name, name);
	RM_SET_FIELD(o, p, Elf32_Shdr, Elf64_Shdr, sh_type, s->type);
	RM_SET_FIELD(o, p, Elf32_Shdr, Elf64_Shdr, sh_flags, s->flags);
	RM_SET_FIELD(o, p, Elf32_Shdr, Elf64_Shdr, sh_offset, s->offset);
	RM_SET_FIELD(o, p, Elf32_Shdr, Elf64_Shdr, sh_size, s->size);
	RM_SET_FIELD(o, p, Elf32_Shdr, Elf64_Shdr, sh_link, s->link);
	RM_SET_FIELD(o, p, Elf32_Shdr, Elf64_Shdr, sh_info, s->info);
	RM_SET_FIELD(o, p, Elf32_Shdr, Elf64_Shdr, sh_addralign, s->addralign);
	RM_SET_FIELD(o, p, Elf32_Shdr, Elf64_Shdr, sh_entsize, s->entsize);
}

#endif /* _RECORDMCOUNT_H */
