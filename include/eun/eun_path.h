/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Virtual paths of a QP: which UDP source port each packet leaves with.
 *
 * An ECMP fabric hashes a packet's 5-tuple to pick its link, so a QP's
 * packets take as many paths as it uses source ports (MP-RDMA's virtual
 * paths). A QP has @npaths of them; a policy picks one per packet:
 * round robin, uniformly at random, or MP-RDMA's out-of-order-aware
 * selection, which replaces a path whose packets the receiver reports late
 * by more than delta PSNs, or that loses packets, by a new random port, and
 * tries new ports on a small fraction of packets (probes), adopting one
 * that does better than the worst path; beyond MP-RDMA, the probe also
 * tries a replaced path's first port again, after a wait that doubles
 * each time that port is replaced, and gives it back to its path when it
 * arrives in time. Randomness comes from a seeded generator, so a run
 * repeats from its seed.
 *
 * Pure logic: no locks, no allocation, no clock. The caller keeps the
 * array of paths and serialises every call (the QP's send task).
 */
#ifndef EUN_PATH_H
#define EUN_PATH_H

#include <linux/types.h>

/* RoCEv2 source ports: 0xc000-0xffff, as rxe picks them. */
#define EUN_PATH_SPORT_MIN	0xc000
#define EUN_PATH_SPORT_COUNT	0x4000

/*
 * The path byte of a packet on the wire: index (bits 5-0) and generation
 * (bits 7-6), bumped when the path's port changes so that an echo of the
 * old port is not taken for the new one. Index 62 is the probe, whatever
 * the number of paths, so that the receiver can tell it (it echoes a
 * probe first); index 63 is never a path, so 0xff can say "no path".
 */
#define EUN_PATH_INDEX_BITS	6
#define EUN_PATH_INDEX_MASK	((1U << EUN_PATH_INDEX_BITS) - 1)
#define EUN_PATH_GEN_MASK	3U
#define EUN_PATH_PROBE_INDEX	(EUN_PATH_INDEX_MASK - 1)
#define EUN_PATH_MAX		EUN_PATH_PROBE_INDEX
/* The path byte of an acknowledgment that reports on no packet. */
#define EUN_PATH_WIRE_NONE	0xff

/* Lateness averages carry 4 fraction bits; loss rates are parts of 2^16. */
#define EUN_PATH_LATE_SHIFT	4
#define EUN_PATH_LOSS_ONE	(1U << 16)
/* A loss adds 1/128 of what is left; each packet sent takes 1/128 away. */
#define EUN_PATH_LOSS_SHIFT	7
/* Three losses within about 90 packets of one path prune it. */
#define EUN_PATH_LOSS_PRUNE	(5 * (EUN_PATH_LOSS_ONE >> EUN_PATH_LOSS_SHIFT) / 2)
/* Reports on a port before its lateness is judged. */
#define EUN_PATH_MIN_SAMPLES	8

#define EUN_PATH_DEF_DELTA	16
#define EUN_PATH_MAX_DELTA	4096
#define EUN_PATH_DEF_PROBE	64
/* A parked path waits 256 of the QP's packets, doubling up to 64 times. */
#define EUN_PATH_PARK_PKTS	256
#define EUN_PATH_PARK_MAX_SHIFT	6

/**
 * enum eun_spray - how a QP spreads its packets over its paths
 * @EUN_SPRAY_OFF: one port per QP, as stock rxe
 * @EUN_SPRAY_RR: the paths in turn
 * @EUN_SPRAY_RANDOM: a path uniformly at random per packet
 * @EUN_SPRAY_MPRDMA: the paths in turn; late or lossy paths replaced,
 *	new ones probed (MP-RDMA)
 * @EUN_SPRAY_ADAPTIVE: the paths in turn; a late or lossy path is parked
 *	(not used) for a while that doubles each time, then tried again
 * @EUN_SPRAY_COUNT: number of policies (sizes name tables)
 */
enum eun_spray {
	EUN_SPRAY_OFF,
	EUN_SPRAY_RR,
	EUN_SPRAY_RANDOM,
	EUN_SPRAY_MPRDMA,
	EUN_SPRAY_ADAPTIVE,
	EUN_SPRAY_COUNT
};

/**
 * struct eun_path - one virtual path
 * @sent: packets sent on this path (every port it has had)
 * @lost: of those, found lost (by the caller)
 * @echoes: acknowledgments that reported on one of its packets
 * @late_max: the largest lateness reported, in PSNs
 * @samples: reports on its current port (the averages' weight)
 * @late_avg: moving average (1/8) of the lateness reported, in PSNs,
 *	with %EUN_PATH_LATE_SHIFT fraction bits
 * @loss_avg: moving loss rate, parts of %EUN_PATH_LOSS_ONE
 * @parked_until: adaptive: not used before the QP's packet clock reaches
 *	this (0: in use)
 * @first_at: mprdma: its first port is not probed again before this
 * @since: adaptive: packet clock when it last took up (or kept) its
 *	backoff
 * @sport: its UDP source port
 * @first_sport: the port it started with (of the first block)
 * @gen: generation of @sport (2 bits); adaptive also moves it on when it
 *	parks the path, so that reports on what was sent before are ignored
 * @backoff: adaptive: the next park lasts %EUN_PATH_PARK_PKTS << @backoff;
 *	mprdma: the wait before its first port is probed again, as long
 */
struct eun_path {
	u64 sent;
	u64 lost;
	u64 echoes;
	u32 late_max;
	u32 samples;
	u32 late_avg;
	u32 loss_avg;
	u64 parked_until;
	u64 first_at;
	u64 since;
	u16 sport;
	u16 first_sport;
	u8 gen;
	u8 backoff;
};

/**
 * struct eun_path_cfg - how a QP's paths are set up
 * @policy: &enum eun_spray
 * @npaths: virtual paths, 1..%EUN_PATH_MAX
 * @home_sport: the QP's own port (stock's); the first paths are the
 *	@npaths consecutive ports of the aligned block that holds it
 * @seed: seed of the generator (any value)
 * @delta: MP-RDMA's delta: a path whose packets arrive later than this
 *	many PSNs, on average, is replaced; 1..%EUN_PATH_MAX_DELTA
 * @probe_every: one packet in this many, on average, probes a new port
 *	while a path is off its first port (%EUN_SPRAY_MPRDMA only; 0 never)
 * @loss_bursts_only: only losses close together make a path lossy, not a
 *	lone one where the others lose nothing: for losses seen late and
 *	seldom (a re-request names one in many), where a lone loss says
 *	little
 */
struct eun_path_cfg {
	enum eun_spray policy;
	u32 npaths;
	u16 home_sport;
	u64 seed;
	u32 delta;
	u32 probe_every;
	bool loss_bursts_only;
};

/**
 * struct eun_path_stats - what the policy did
 * @pruned_late: paths replaced (mprdma) or parked (adaptive) for
 *	arriving late
 * @pruned_loss: ... for losing packets
 * @reinstated: parked paths used again (adaptive), paths given their
 *	first port back by a probe (mprdma)
 * @probes: packets sent on the probe
 * @adopted: probes that replaced the worst path
 * @stale: echoes of a port a path no longer has, or of no path
 */
struct eun_path_stats {
	u64 pruned_late;
	u64 pruned_loss;
	u64 reinstated;
	u64 probes;
	u64 adopted;
	u64 stale;
};

/**
 * struct eun_paths - a QP's virtual paths
 * @path: @npaths paths and, after them, the probe
 * @npaths: paths in use
 * @policy: &enum eun_spray
 * @delta: see &struct eun_path_cfg
 * @probe_every: see &struct eun_path_cfg
 * @home_sport: see &struct eun_path_cfg
 * @loss_bursts_only: see &struct eun_path_cfg
 * @seed: the seed the generator started from
 * @rng: the generator's state
 * @next: the path round robin takes next
 * @probe_first: mprdma: the path whose first port the probe tries, or
 *	@npaths when the probe tries a random port
 * @away: mprdma: paths off their first port (probes go only while some
 *	are: there is nothing to find for the others)
 * @clock: packets picked so far (adaptive's and mprdma's clock)
 * @stats: what the policy did
 */
struct eun_paths {
	struct eun_path *path;
	u32 npaths;
	enum eun_spray policy;
	u32 delta;
	u32 probe_every;
	u16 home_sport;
	bool loss_bursts_only;
	u64 seed;
	u64 rng;
	u32 next;
	u32 probe_first;
	u32 away;
	u64 clock;
	struct eun_path_stats stats;
};

int eun_paths_init(struct eun_paths *ps, struct eun_path *path,
		   const struct eun_path_cfg *cfg);
void eun_paths_restart(struct eun_paths *ps);
u32 eun_paths_pick(struct eun_paths *ps);
u16 eun_paths_first_sport(const struct eun_paths *ps, u32 n);
int eun_paths_echo(struct eun_paths *ps, u8 wire, u32 late);
int eun_paths_lost(struct eun_paths *ps, u8 wire);
const char *eun_spray_name(enum eun_spray policy);

/* The policies' names, as the spray parameter takes them. */
extern const char * const eun_spray_policies[EUN_SPRAY_COUNT];

/* Entries the caller's array needs: the paths and the probe. */
static inline u32 eun_paths_slots(u32 npaths)
{
	return npaths + 1;
}

/* The UDP source port of path @idx (a value eun_paths_pick() returned). */
static inline u16 eun_paths_sport(const struct eun_paths *ps, u32 idx)
{
	return ps->path[idx].sport;
}

/* The path byte of path @idx, as the packet carries it. */
static inline u8 eun_paths_wire(const struct eun_paths *ps, u32 idx)
{
	u32 index = idx == ps->npaths ? EUN_PATH_PROBE_INDEX : idx;

	return index | ps->path[idx].gen << EUN_PATH_INDEX_BITS;
}

/* The path index a path byte names. */
static inline u32 eun_path_wire_index(u8 wire)
{
	return wire & EUN_PATH_INDEX_MASK;
}

/*
 * Whether the receiver's next acknowledgment reports on the packet of path
 * byte @wire that came @late, rather than on the one it holds (@cur_wire,
 * %EUN_PATH_WIRE_NONE for none, and @cur_late). A probe first: the sender
 * judges its new port by that report alone, and acknowledgments are few
 * (one per AckReq or grown hole), so the latest packet would nearly
 * always hide it. Then the packet that came latest: a path that reorders
 * shows most in its latest packets.
 */
static inline bool eun_path_echo_takes(u8 cur_wire, u32 cur_late, u8 wire,
				       u32 late)
{
	bool cur_probe = eun_path_wire_index(cur_wire) == EUN_PATH_PROBE_INDEX;
	bool probe = eun_path_wire_index(wire) == EUN_PATH_PROBE_INDEX;

	if (cur_wire == EUN_PATH_WIRE_NONE)
		return true;
	if (probe != cur_probe)
		return probe;
	return late >= cur_late;
}

#endif /* EUN_PATH_H */
