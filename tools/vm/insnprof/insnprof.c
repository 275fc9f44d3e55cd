// SPDX-License-Identifier: GPL-2.0
/*
 * insnprof: a qemu TCG plugin that counts the guest instructions each
 * translated block runs, so that a guest's kernel can be profiled by
 * instructions on a bed where it has no PMU and a sampling profile lands
 * in the idle loop (Documentation/testing.rst). Counts are exact up to a
 * block cut short by an interrupt, and do not depend on the host's speed.
 *
 * The guest steers it through a file on the host: the plugin looks at
 * dir/ctl every POLL_EVERY blocks, and when it has changed, carries out
 * its one line:
 *   dump NAME   write the blocks run since the last dump to dir/NAME, one
 *               "vaddr instructions-per-run runs" line (hex, dec, dec) each,
 *               after a "# translated T flushed F" line (blocks translated
 *               and flushes of the whole translation cache since the last
 *               dump: the emulator's own work), and start counting again
 * Load it with -plugin insnprof.so,dir=DIR (tools/vm/bed.sh, INSNPROF=on).
 * One guest CPU: the counters are plain, not atomic.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "qemu_plugin_api.h"

#define EXPORT __attribute__((visibility("default")))

/* The plugin API of qemu 9.2 to 10.x (the bed's qemu 10). */
EXPORT int qemu_plugin_version = 4;

/* Blocks between two looks at the control file: a few ms of a guest. */
#define POLL_EVERY	(1u << 16)
#define NAME_MAX_LEN	64

struct block {
	uint64_t vaddr;
	uint32_t insns;
	uint64_t runs;
};

static struct block **blocks;
static size_t nblocks, cap;
static unsigned int polls;
static unsigned long long translated, flushed;
static char dir[4096];
static char ctl[4200];
static struct timespec ctl_mtime;
static off_t ctl_size = -1;

static void block_run(unsigned int vcpu_index, void *userdata);

static void block_translated(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	struct block *b;

	(void)id;
	if (nblocks == cap) {
		size_t ncap = cap ? 2 * cap : 65536;
		struct block **n = realloc(blocks, ncap * sizeof(*n));

		if (!n)
			return;
		blocks = n;
		cap = ncap;
	}
	b = calloc(1, sizeof(*b));
	if (!b)
		return;
	translated++;
	b->vaddr = qemu_plugin_tb_vaddr(tb);
	b->insns = qemu_plugin_tb_n_insns(tb);
	blocks[nblocks++] = b;
	qemu_plugin_register_vcpu_tb_exec_cb(tb, block_run, QEMU_PLUGIN_CB_NO_REGS, b);
}

static int valid_name(const char *name)
{
	size_t i, n = strlen(name);

	if (!n || n > NAME_MAX_LEN || name[0] == '.')
		return 0;
	for (i = 0; i < n; i++)
		if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-",
			    name[i]))
			return 0;
	return 1;
}

static void dump(const char *name)
{
	char path[4200], tmp[4300];
	FILE *f;
	size_t i;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	snprintf(tmp, sizeof(tmp), "%s.tmp", path);
	f = fopen(tmp, "w");
	if (!f) {
		fprintf(stderr, "insnprof: %s: %s\n", tmp, strerror(errno));
		return;
	}
	fprintf(f, "# translated %llu flushed %llu\n", translated, flushed);
	translated = 0;
	flushed = 0;
	for (i = 0; i < nblocks; i++) {
		struct block *b = blocks[i];

		if (!b->runs)
			continue;
		fprintf(f, "%llx %u %llu\n", (unsigned long long)b->vaddr, b->insns,
			(unsigned long long)b->runs);
		b->runs = 0;
	}
	if (fclose(f) || rename(tmp, path))
		fprintf(stderr, "insnprof: %s: %s\n", path, strerror(errno));
}

/* Carry out the control file's line if it changed since the last look. */
static void poll_ctl(void)
{
	char line[128], name[NAME_MAX_LEN + 2];
	struct stat st;
	FILE *f;

	if (stat(ctl, &st))
		return;
	if (st.st_size == ctl_size && st.st_mtim.tv_sec == ctl_mtime.tv_sec &&
	    st.st_mtim.tv_nsec == ctl_mtime.tv_nsec)
		return;
	ctl_size = st.st_size;
	ctl_mtime = st.st_mtim;
	f = fopen(ctl, "r");
	if (!f)
		return;
	if (fgets(line, sizeof(line), f) && sscanf(line, "dump %65s", name) == 1) {
		if (valid_name(name))
			dump(name);
		else
			fprintf(stderr, "insnprof: '%s' is not a file name\n", name);
	}
	fclose(f);
}

static void block_run(unsigned int vcpu_index, void *userdata)
{
	struct block *b = userdata;

	(void)vcpu_index;
	b->runs++;
	if (++polls >= POLL_EVERY) {
		polls = 0;
		poll_ctl();
	}
}

static void cache_flushed(qemu_plugin_id_t id)
{
	(void)id;
	flushed++;
}

static void at_exit(qemu_plugin_id_t id, void *userdata)
{
	(void)id;
	(void)userdata;
	poll_ctl();
}

EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const struct qemu_info_t *info,
			       int argc, char **argv)
{
	struct stat st;
	int i;

	(void)info;
	for (i = 0; i < argc; i++) {
		if (!strncmp(argv[i], "dir=", 4) && strlen(argv[i] + 4) < sizeof(dir)) {
			snprintf(dir, sizeof(dir), "%s", argv[i] + 4);
			continue;
		}
		fprintf(stderr, "insnprof: unknown argument '%s' (dir=DIR)\n", argv[i]);
		return -1;
	}
	if (!dir[0] || stat(dir, &st) || !S_ISDIR(st.st_mode)) {
		fprintf(stderr, "insnprof: dir=DIR must name a directory\n");
		return -1;
	}
	snprintf(ctl, sizeof(ctl), "%s/ctl", dir);
	/* A control file from before the plugin is not a command. */
	if (!stat(ctl, &st)) {
		ctl_size = st.st_size;
		ctl_mtime = st.st_mtim;
	}
	qemu_plugin_register_vcpu_tb_trans_cb(id, block_translated);
	qemu_plugin_register_flush_cb(id, cache_flushed);
	qemu_plugin_register_atexit_cb(id, at_exit, NULL);
	return 0;
}
