// SPDX-License-Identifier: GPL-2.0
/*
 * rxe_eun module parameters: ooo_mode, emem_blocks, hd_block_bits,
 * hd_cap_bits, hd_grow, static_bits, max_inflight, write_sync, wsync_slots,
 * wsync_hold_ms, and the virtual paths: spray, paths, spray_seed,
 * mprdma_delta, mprdma_probe; after_read, read_reo_wnd_us, read_inflight.
 *
 * Each setter checks its own value's range; how the bitmap sizes fit
 * together (the cap a multiple of the block) is checked when a device is
 * created, by the bitmap itself, and reported there.
 */

#include <linux/kernel.h>
#include <linux/log2.h>
#include <linux/moduleparam.h>
#include <linux/string.h>
#include <linux/sysfs.h>

#include "eun/eun_bitmap.h"
#include "eun/eun_memctl.h"
#include "eun/eun_path.h"
#include "eun/eun_read.h"
#include "eun_params.h"

static const char * const eun_mode_names[] = {
	[EUN_QP_GO_BACK_N]	= "gbn",
	[EUN_QP_STATIC]		= "static",
	[EUN_QP_EUNOMIA]	= "eunomia",
};
static_assert(ARRAY_SIZE(eun_mode_names) == EUN_QP_MODE_COUNT);

static const char * const eun_wsync_names[] = {
	[EUN_WSYNC_NONE]	= "none",
	[EUN_WSYNC_SENDER]	= "sender",
	[EUN_WSYNC_RECEIVER]	= "receiver",
};
static_assert(ARRAY_SIZE(eun_wsync_names) == EUN_WSYNC_COUNT);

static const char * const eun_after_read_choices[] = {
	[EUN_AFTER_READ_WAIT]	= "wait",
	[EUN_AFTER_READ_GO]	= "go",
};
static_assert(ARRAY_SIZE(eun_after_read_choices) == EUN_AFTER_READ_COUNT);

static const char * const eun_grow_names[] = {
	[EUN_BM_GROW_LINEAR]	= "linear",
	[EUN_BM_GROW_INSERT]	= "insert",
};
static_assert(ARRAY_SIZE(eun_grow_names) == EUN_BM_GROW_COUNT);

/* Enum parameters are kept as unsigned int, the type their ops write. */
static unsigned int ooo_mode = EUN_QP_EUNOMIA;
static unsigned int emem_blocks = EUN_MC_DEF_BLOCKS;
static unsigned int hd_block_bits = EUN_DEF_HD_BLOCK_BITS;
static unsigned int hd_cap_bits = EUN_DEF_HD_CAP_BITS;
static unsigned int hd_grow = EUN_BM_GROW_INSERT;
static unsigned int static_bits = EUN_BM_DEF_STATIC_BITS;
static unsigned int max_inflight = EUN_DEF_MAX_INFLIGHT;
static unsigned int write_sync = EUN_WSYNC_RECEIVER;
static unsigned int wsync_slots = EUN_DEF_WSYNC_SLOTS;
static unsigned int wsync_hold_ms = EUN_DEF_WSYNC_HOLD_MS;
static unsigned int spray = EUN_SPRAY_OFF;
static unsigned int paths = EUN_DEF_PATHS;
static unsigned long long spray_seed;
static unsigned int mprdma_delta = EUN_PATH_DEF_DELTA;
static unsigned int mprdma_probe = EUN_PATH_DEF_PROBE;
static unsigned int after_read = EUN_AFTER_READ_GO;
static unsigned int read_reo_wnd_us = EUN_RD_REO_INIT_NS / NSEC_PER_USEC;
static unsigned int read_inflight = EUN_RD_DEF_INFLIGHT;

static const char *eun_name_of(const char * const *names, unsigned int count,
			       unsigned int v)
{
	return v < count ? names[v] : "?";
}

const char *eun_mode_name(enum eun_qp_mode mode)
{
	return eun_name_of(eun_mode_names, ARRAY_SIZE(eun_mode_names), mode);
}

const char *eun_wsync_name(enum eun_write_sync ws)
{
	return eun_name_of(eun_wsync_names, ARRAY_SIZE(eun_wsync_names), ws);
}

const char *eun_after_read_name(enum eun_after_read ar)
{
	return eun_name_of(eun_after_read_choices,
			   ARRAY_SIZE(eun_after_read_choices), ar);
}

const char *eun_grow_name(enum eun_bm_grow grow)
{
	return eun_name_of(eun_grow_names, ARRAY_SIZE(eun_grow_names), grow);
}

/* A parameter that takes one of a list of names; @list says them. */
struct eun_enum_names {
	const char * const *names;
	unsigned int count;
	const char *list;
};

static int eun_enum_set(const char *val, const struct kernel_param *kp,
			const struct eun_enum_names *e)
{
	int v = __sysfs_match_string(e->names, e->count, val);

	if (v < 0) {
		pr_err("rdma_rxe_eun: %s='%s': not one of %s\n", kp->name,
		       strim((char *)val), e->list);
		return -EINVAL;
	}
	*(unsigned int *)kp->arg = v;
	return 0;
}

static int eun_enum_get(char *buf, const struct kernel_param *kp,
			const struct eun_enum_names *e)
{
	return sysfs_emit(buf, "%s\n", eun_name_of(e->names, e->count,
						   *(unsigned int *)kp->arg));
}

#define EUN_ENUM_PARAM(name, names_array, list_text, desc)		\
static const struct eun_enum_names eun_##name##_names = {		\
	names_array, ARRAY_SIZE(names_array), list_text			\
};									\
static int eun_set_##name(const char *val, const struct kernel_param *kp) \
{									\
	return eun_enum_set(val, kp, &eun_##name##_names);		\
}									\
static int eun_get_##name(char *buf, const struct kernel_param *kp)	\
{									\
	return eun_enum_get(buf, kp, &eun_##name##_names);		\
}									\
static const struct kernel_param_ops eun_##name##_ops = {		\
	.set = eun_set_##name,						\
	.get = eun_get_##name,						\
};									\
module_param_cb(name, &eun_##name##_ops, &name, 0644);			\
MODULE_PARM_DESC(name, desc)

/*
 * The range of an unsigned parameter, and whether it must be a multiple of
 * a step or a power of two.
 */
struct eun_uint_range {
	unsigned int min;
	unsigned int max;
	unsigned int step;
	bool pow2;
};

static int eun_uint_set(const char *val, const struct kernel_param *kp,
			const struct eun_uint_range *r)
{
	unsigned int v;
	int err;

	err = kstrtouint(val, 0, &v);
	if (err) {
		pr_err("rdma_rxe_eun: %s='%s': not a number\n", kp->name,
		       strim((char *)val));
		return err;
	}
	if (v < r->min || v > r->max || (r->step && v % r->step) ||
	    (r->pow2 && !is_power_of_2(v))) {
		if (r->step)
			pr_err("rdma_rxe_eun: %s=%u: must be %u..%u, a multiple of %u\n",
			       kp->name, v, r->min, r->max, r->step);
		else
			pr_err("rdma_rxe_eun: %s=%u: must be %s%u..%u\n",
			       kp->name, v, r->pow2 ? "a power of two in " : "",
			       r->min, r->max);
		return -EINVAL;
	}
	*(unsigned int *)kp->arg = v;
	return 0;
}

#define EUN_UINT_PARAM(name, desc, ...)					\
static int eun_set_##name(const char *val, const struct kernel_param *kp) \
{									\
	static const struct eun_uint_range r = { __VA_ARGS__ };		\
									\
	return eun_uint_set(val, kp, &r);				\
}									\
static const struct kernel_param_ops eun_##name##_ops = {		\
	.set = eun_set_##name,						\
	.get = param_get_uint,						\
};									\
module_param_cb(name, &eun_##name##_ops, &name, 0644);			\
MODULE_PARM_DESC(name, desc)

EUN_ENUM_PARAM(ooo_mode, eun_mode_names, "gbn, static, eunomia",
	       "RC ordering mode of new devices: gbn (stock go-back-N and wire format), static, eunomia (default)");

EUN_UINT_PARAM(emem_blocks,
	       "2-byte blocks of each device's emulated on-chip memory (default 1024)",
	       .min = EUN_MIN_EMEM_BLOCKS, .max = EUN_MC_MAX_BLOCKS);
EUN_UINT_PARAM(hd_block_bits,
	       "HD bitmap bits per block, a multiple of 16 (default 64)",
	       .min = 16, .max = EUN_BM_MAX_BITS, .step = 16);
EUN_UINT_PARAM(hd_cap_bits,
	       "HD bitmap bits one QP may hold, a multiple of hd_block_bits (default 1024)",
	       .min = 16, .max = EUN_BM_MAX_BITS, .step = 16);
EUN_ENUM_PARAM(hd_grow, eun_grow_names, "linear, insert",
	       "how an HD bitmap grows: insert (a block into the circle at head, default) or linear (the paper's blocks past a frozen tail)");
EUN_UINT_PARAM(static_bits,
	       "static bitmap bits per QP, a multiple of 16 (default 256)",
	       .min = 16, .max = EUN_BM_MAX_BITS, .step = 16);
EUN_UINT_PARAM(max_inflight,
	       "unacknowledged PSNs an RC QP may have in flight, a power of two (default 128, as stock)",
	       .min = EUN_MIN_MAX_INFLIGHT, .max = EUN_MAX_MAX_INFLIGHT,
	       .pow2 = true);

EUN_ENUM_PARAM(write_sync, eun_wsync_names, "none, sender, receiver",
	       "when a WRITE's last packet is placed: none, sender (after the rest is acknowledged), receiver (held until the rest is in, default)");
EUN_UINT_PARAM(wsync_slots,
	       "held last packets of WRITEs a device can keep with write_sync=receiver, of 4 KiB each (default 64)",
	       .min = 1, .max = EUN_WSYNC_POOL_MAX_SLOTS);
EUN_UINT_PARAM(wsync_hold_ms,
	       "ms a held last packet may wait for the packets before it; then it is dropped and its QP put in error (default 2000)",
	       .min = 1, .max = EUN_MAX_WSYNC_HOLD_MS);

EUN_ENUM_PARAM(spray, eun_spray_policies, "off, rr, random, mprdma, adaptive",
	       "UDP source port of each RC request packet of new devices: off (one per QP, as stock, default), rr (the QP's paths in turn), random, mprdma (in turn, late or lossy paths replaced), adaptive (in turn, late or lossy paths parked for a while)");
EUN_UINT_PARAM(paths,
	       "virtual paths (UDP source ports) per RC QP when spraying (default 8)",
	       .min = 1, .max = EUN_PATH_MAX);
module_param(spray_seed, ullong, 0644);
MODULE_PARM_DESC(spray_seed,
		 "seed of the path choice: 0 draws one per QP, any other value makes a QP's paths repeat from run to run (QP n uses spray_seed + n); debugfs shows each QP's");
EUN_UINT_PARAM(mprdma_delta,
	       "spray=mprdma and adaptive: replace or park a path whose packets arrive later than this many PSNs on average, and three times the paths' mean (default 16)",
	       .min = 1, .max = EUN_PATH_MAX_DELTA);
EUN_ENUM_PARAM(after_read, eun_after_read_choices, "wait, go",
	       "WRITE and SEND behind READs and atomics of a tracking QP: wait until those are answered, or go at once (default)");
EUN_UINT_PARAM(read_reo_wnd_us,
	       "us a missing READ response may trail one sent after it before it is asked for again, at least; a new QP starts at twice this; a response that comes later unasked widens it (default 4000)",
	       .min = EUN_RD_REO_MIN_NS / NSEC_PER_USEC,
	       .max = EUN_RD_REO_MAX_NS / NSEC_PER_USEC);
EUN_UINT_PARAM(read_inflight,
	       "READ response packets a tracking QP may await at once; its READs go on past a missing one as far as the READ bitmap reaches (hd_cap_bits or static_bits), or, when it sprays, as far as this many PSNs (default 256)",
	       .min = 1, .max = EUN_BM_MAX_BITS);
EUN_UINT_PARAM(mprdma_probe,
	       "spray=mprdma: one packet in this many tries a new path (0 never, default 64)",
	       .min = 0, .max = 65536);

/**
 * eun_params_get() - snapshot the parameters for a new device
 * @p: filled in
 *
 * Taken under the parameter lock, so a concurrent write through sysfs is
 * seen whole or not at all.
 */
void eun_params_get(struct eun_params *p)
{
	kernel_param_lock(THIS_MODULE);
	p->mode = ooo_mode;
	p->emem_blocks = emem_blocks;
	p->hd_block_bits = hd_block_bits;
	p->hd_cap_bits = hd_cap_bits;
	p->hd_grow = hd_grow;
	p->static_bits = static_bits;
	p->max_inflight = max_inflight;
	p->write_sync = write_sync;
	p->wsync_slots = wsync_slots;
	p->wsync_hold_ms = wsync_hold_ms;
	p->spray = spray;
	p->paths = paths;
	p->spray_seed = spray_seed;
	p->mprdma_delta = mprdma_delta;
	p->mprdma_probe = mprdma_probe;
	p->after_read = after_read;
	p->read_reo_wnd_us = read_reo_wnd_us;
	p->read_inflight = read_inflight;
	kernel_param_unlock(THIS_MODULE);
}
