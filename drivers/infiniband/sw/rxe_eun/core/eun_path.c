// SPDX-License-Identifier: GPL-2.0
/*
 * Virtual paths of a QP (see eun_path.h): the policies that pick each
 * packet's UDP source port, and MP-RDMA's pruning and probing.
 *
 * Beyond MP-RDMA, which judges a path by how far below the highest
 * acknowledged PSN its acknowledgment lands, the lateness here is what the
 * receiver measured on arrival (how many higher PSNs had already arrived),
 * averaged over a few reports so one burst does not cost a good path, and
 * judged against the other paths: only a path late past delta and three
 * times the paths' mean is replaced. Losses count against a path too. The
 * adaptive policy parks such a path instead of replacing its port.
 */

#include <linux/types.h>
#include <linux/errno.h>
#include <linux/kernel.h>

#include "eun/eun_path.h"

const char * const eun_spray_policies[EUN_SPRAY_COUNT] = {
	[EUN_SPRAY_OFF]		= "off",
	[EUN_SPRAY_RR]		= "rr",
	[EUN_SPRAY_RANDOM]	= "random",
	[EUN_SPRAY_MPRDMA]	= "mprdma",
	[EUN_SPRAY_ADAPTIVE]	= "adaptive",
};

const char *eun_spray_name(enum eun_spray policy)
{
	return (unsigned int)policy < EUN_SPRAY_COUNT ?
	       eun_spray_policies[policy] : "?";
}

/* splitmix64: any seed, zero included, gives a full-period sequence. */
static u64 eun_paths_rand(struct eun_paths *ps)
{
	u64 z = (ps->rng += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* Uniform in [0, n), n > 0, without a division. */
static u32 eun_paths_below(struct eun_paths *ps, u32 n)
{
	return ((eun_paths_rand(ps) >> 32) * n) >> 32;
}

/* A port some path has, or started with (it may get it back). */
static bool eun_paths_port_used(const struct eun_paths *ps, u16 sport)
{
	u32 i;

	for (i = 0; i < eun_paths_slots(ps->npaths); i++)
		if (ps->path[i].sport == sport ||
		    ps->path[i].first_sport == sport)
			return true;
	return false;
}

/*
 * A random port no path has or started with. With at most 128 of 16384
 * ports taken, the first try nearly always succeeds; after a few a repeat
 * is harmless.
 */
static u16 eun_paths_new_port(struct eun_paths *ps)
{
	u16 sport = 0;
	int tries;

	for (tries = 0; tries < 8; tries++) {
		sport = EUN_PATH_SPORT_MIN +
			eun_paths_below(ps, EUN_PATH_SPORT_COUNT);
		if (!eun_paths_port_used(ps, sport))
			break;
	}
	return sport;
}

/* Give path @idx port @sport, as a new path: its averages start afresh. */
static void eun_paths_set_port(struct eun_paths *ps, u32 idx, u16 sport)
{
	struct eun_path *p = &ps->path[idx];

	p->sport = sport;
	p->gen = (p->gen + 1) & EUN_PATH_GEN_MASK;
	p->late_avg = 0;
	p->loss_avg = 0;
	p->samples = 0;
}

/* The first block of @n consecutive ports aligned to @n that holds @home. */
static u16 eun_paths_first_port(u16 home, u32 n)
{
	u32 off = home >= EUN_PATH_SPORT_MIN ? home - EUN_PATH_SPORT_MIN : 0;
	u32 base = off - off % n;

	if (base + n > EUN_PATH_SPORT_COUNT)
		base = EUN_PATH_SPORT_COUNT - n;
	return EUN_PATH_SPORT_MIN + base;
}

static bool eun_path_cfg_valid(const struct eun_path_cfg *cfg)
{
	return (unsigned int)cfg->policy < EUN_SPRAY_COUNT &&
	       cfg->npaths >= 1 && cfg->npaths <= EUN_PATH_MAX &&
	       cfg->delta >= 1 && cfg->delta <= EUN_PATH_MAX_DELTA;
}

/**
 * eun_paths_init() - set up a QP's virtual paths
 * @ps: the paths
 * @path: eun_paths_slots(@cfg->npaths) entries, owned by the caller
 * @cfg: policy, number of paths, home port, seed, delta, probing
 *
 * Path i starts on port first + i, first being the start of the aligned
 * block of @cfg->npaths ports that holds the home port; round robin
 * starts at the home port, so one path behaves as no spraying.
 *
 * Return: 0, or -EINVAL for a bad @cfg (nothing is changed).
 */
int eun_paths_init(struct eun_paths *ps, struct eun_path *path,
		   const struct eun_path_cfg *cfg)
{
	if (!ps || !path || !cfg || !eun_path_cfg_valid(cfg))
		return -EINVAL;
	*ps = (struct eun_paths) {
		.path = path,
		.npaths = cfg->npaths,
		.policy = cfg->policy,
		.delta = cfg->delta,
		.probe_every = cfg->probe_every,
		.home_sport = cfg->home_sport,
		.loss_bursts_only = cfg->loss_bursts_only,
		.seed = cfg->seed,
	};
	eun_paths_restart(ps);
	return 0;
}

/**
 * eun_paths_restart() - start the paths again as eun_paths_init() left them
 * @ps: the paths
 *
 * Ports, generator and counts go back to their start (a QP reset), so
 * that a QP reused repeats its sequence of ports.
 */
void eun_paths_restart(struct eun_paths *ps)
{
	u16 first = eun_paths_first_port(ps->home_sport, ps->npaths);
	u32 i;

	ps->rng = ps->seed;
	for (i = 0; i < ps->npaths; i++)
		ps->path[i] = (struct eun_path) {
			.sport = first + i, .first_sport = first + i,
		};
	ps->path[ps->npaths] = (struct eun_path) {};
	ps->next = ps->home_sport >= first ? ps->home_sport - first : 0;
	if (ps->next >= ps->npaths)
		ps->next = 0;
	ps->probe_first = ps->npaths;
	ps->away = 0;
	ps->path[ps->npaths].sport = eun_paths_new_port(ps);
	ps->stats = (struct eun_path_stats) {};
	ps->clock = 0;
}

static u32 eun_paths_round_robin(struct eun_paths *ps)
{
	u32 idx = ps->next;

	ps->next = idx + 1 < ps->npaths ? idx + 1 : 0;
	return idx;
}

/*
 * Adaptive: a parked path whose time is up is used again, afresh; one that
 * stayed in use as long as its last park would have lasted earns back a
 * step of its backoff.
 */
static bool eun_path_usable(struct eun_paths *ps, struct eun_path *p)
{
	if (p->parked_until) {
		if (ps->clock < p->parked_until)
			return false;
		p->parked_until = 0;
		p->since = ps->clock;
		ps->stats.reinstated++;
	} else if (p->backoff &&
		   ps->clock - p->since > (u64)EUN_PATH_PARK_PKTS << p->backoff) {
		p->backoff--;
		p->since = ps->clock;
	}
	return true;
}

/* Round robin over the paths in use; all of them if every one is parked. */
static u32 eun_paths_adaptive(struct eun_paths *ps)
{
	u32 n;

	for (n = 0; n < ps->npaths; n++) {
		u32 idx = eun_paths_round_robin(ps);

		if (eun_path_usable(ps, &ps->path[idx]))
			return idx;
	}
	return eun_paths_round_robin(ps);
}

static u32 eun_paths_choose(struct eun_paths *ps)
{
	switch (ps->policy) {
	case EUN_SPRAY_RR:
		return eun_paths_round_robin(ps);
	case EUN_SPRAY_RANDOM:
		return eun_paths_below(ps, ps->npaths);
	case EUN_SPRAY_MPRDMA:
		/*
		 * Only while a path is off its first port: a probe adds a
		 * packet to a random link's queue, and on links as busy as
		 * each other that alone makes them unequal.
		 */
		if (ps->probe_every && ps->away &&
		    !eun_paths_below(ps, ps->probe_every)) {
			ps->stats.probes++;
			return ps->npaths;
		}
		return eun_paths_round_robin(ps);
	case EUN_SPRAY_ADAPTIVE:
		return eun_paths_adaptive(ps);
	default:
		return ps->next;
	}
}

/**
 * eun_paths_pick() - the path of the next packet
 * @ps: the paths
 *
 * Return: an index for eun_paths_sport() and eun_paths_wire(): below
 * @npaths, or @npaths itself for a probe.
 */
u32 eun_paths_pick(struct eun_paths *ps)
{
	u32 idx = eun_paths_choose(ps);
	struct eun_path *p = &ps->path[idx];

	ps->clock++;
	p->sent++;
	p->loss_avg -= p->loss_avg >> EUN_PATH_LOSS_SHIFT;
	return idx;
}

/**
 * eun_paths_first_sport() - the port a path started with
 * @ps: the paths
 * @n: any number: path @n modulo @npaths
 *
 * Return: the path's first port (of the aligned block that holds the home
 * port), whatever port the policy gave it since.
 */
u16 eun_paths_first_sport(const struct eun_paths *ps, u32 n)
{
	return ps->path[n % ps->npaths].first_sport;
}

/* The path a path byte names now, or NULL when it is not that port's. */
static struct eun_path *eun_paths_lookup(struct eun_paths *ps, u8 wire)
{
	u32 idx = eun_path_wire_index(wire);

	if (idx == EUN_PATH_PROBE_INDEX)
		idx = ps->npaths;
	else if (idx >= ps->npaths)
		goto stale;
	if (ps->path[idx].gen != wire >> EUN_PATH_INDEX_BITS)
		goto stale;
	return &ps->path[idx];
stale:
	ps->stats.stale++;
	return NULL;
}

static u32 eun_path_score(const struct eun_path *p)
{
	return p->late_avg + (p->loss_avg >> 4);
}

/*
 * The path off its first port doing worst, by lateness and loss, or
 * @npaths when every path has its first port.
 */
static u32 eun_paths_worst_away(const struct eun_paths *ps)
{
	u32 i, worst = ps->npaths;

	for (i = 0; i < ps->npaths; i++) {
		const struct eun_path *p = &ps->path[i];

		if (p->sport == p->first_sport)
			continue;
		if (worst == ps->npaths ||
		    eun_path_score(p) > eun_path_score(&ps->path[worst]))
			worst = i;
	}
	return worst;
}

/* The mean lateness average of the paths reported on (0 for none). */
static u32 eun_paths_late_mean(const struct eun_paths *ps)
{
	u32 sum = 0, n = 0;
	u32 i;

	for (i = 0; i < ps->npaths; i++) {
		if (!ps->path[i].samples)
			continue;
		sum += ps->path[i].late_avg;
		n++;
	}
	return n ? sum / n : 0;
}

/*
 * Late past delta, and three times as late as the paths are on average,
 * once there are enough reports to tell: reordering that every path
 * causes alike (bursty links, a receiver that takes its links in turns)
 * is no path's fault, and replacing paths for it would only spread the QP
 * unevenly.
 */
static bool eun_path_is_late(const struct eun_paths *ps,
			     const struct eun_path *p)
{
	return p->samples >= EUN_PATH_MIN_SAMPLES &&
	       p->late_avg > ps->delta << EUN_PATH_LATE_SHIFT &&
	       p->late_avg > 3 * eun_paths_late_mean(ps);
}

/*
 * Half-way to being pruned: once there are enough reports to tell, late
 * past half of delta and twice the paths' mean; or half as lossy as a
 * pruned path. Where every path is as late (the links' queues), a random
 * port would only spread the QP unevenly.
 */
static bool eun_path_is_halfway(const struct eun_paths *ps,
				const struct eun_path *p)
{
	return (p->samples >= EUN_PATH_MIN_SAMPLES &&
		p->late_avg > ps->delta << (EUN_PATH_LATE_SHIFT - 1) &&
		p->late_avg > 2 * eun_paths_late_mean(ps)) ||
	       p->loss_avg > EUN_PATH_LOSS_PRUNE / 2;
}

/* mprdma: wait before @p's first port is tried again. */
static void eun_path_first_wait(struct eun_paths *ps, struct eun_path *p)
{
	p->first_at = ps->clock + ((u64)EUN_PATH_PARK_PKTS << p->backoff);
}

/*
 * mprdma: path @idx leaves for @sport. Leaving its first port, it waits
 * before that port is tried again, twice as long as the last time unless
 * it kept the port that long since it got it back: the first ports spread
 * evenly over links that a hash picks, a random one may not, so a path
 * gets its first port back once a probe finds it in time again (a link
 * that came back), while a lossy one is retried ever more rarely.
 */
static void eun_paths_replace(struct eun_paths *ps, u32 idx, u16 sport)
{
	struct eun_path *p = &ps->path[idx];

	if (p->sport == p->first_sport) {
		if (ps->clock - p->since > (u64)EUN_PATH_PARK_PKTS << p->backoff)
			p->backoff = 0;
		eun_path_first_wait(ps, p);
		if (p->backoff < EUN_PATH_PARK_MAX_SHIFT)
			p->backoff++;
		ps->away++;
	}
	eun_paths_set_port(ps, idx, sport);
}

/* mprdma: a path off its first port whose wait is over, or @npaths. */
static u32 eun_paths_first_due(const struct eun_paths *ps)
{
	u32 i;

	for (i = 0; i < ps->npaths; i++) {
		const struct eun_path *p = &ps->path[i];

		if (p->sport != p->first_sport && ps->clock >= p->first_at)
			return i;
	}
	return ps->npaths;
}

/* The probe's next port: a first port that is due, else a random one. */
static void eun_paths_next_probe(struct eun_paths *ps)
{
	u32 idx = eun_paths_first_due(ps);

	ps->probe_first = idx;
	eun_paths_set_port(ps, ps->npaths, idx < ps->npaths ?
			   ps->path[idx].first_sport : eun_paths_new_port(ps));
}

/*
 * A probe of a first port that arrived in time gives it back to its path;
 * a random one that did takes the place of the worst path off its first
 * port if that one is at least half-way to being pruned (a path on its
 * first port leaves it only when pruned: on equal links the worst of them
 * is the worst by chance). Either way the next probe tries another port.
 */
static void eun_paths_probe_done(struct eun_paths *ps, u32 late)
{
	u32 idx = ps->probe_first;

	if (idx < ps->npaths) {
		struct eun_path *p = &ps->path[idx];

		if (late <= ps->delta) {
			eun_paths_set_port(ps, idx, p->first_sport);
			p->since = ps->clock;
			ps->away--;
			ps->stats.reinstated++;
		} else {
			eun_path_first_wait(ps, p);
		}
	} else {
		u32 worst = eun_paths_worst_away(ps);

		if (late <= ps->delta && worst < ps->npaths &&
		    eun_path_is_halfway(ps, &ps->path[worst])) {
			eun_paths_replace(ps, worst, ps->path[ps->npaths].sport);
			ps->stats.adopted++;
		}
	}
	eun_paths_next_probe(ps);
}

/* Paths in use (adaptive). */
static u32 eun_paths_in_use(const struct eun_paths *ps)
{
	u32 i, n = 0;

	for (i = 0; i < ps->npaths; i++)
		n += !ps->path[i].parked_until;
	return n;
}

/*
 * Adaptive: stop using a path for a while that doubles with each park,
 * its port kept (the ports of the first block spread evenly over links
 * that a hash picks, a random one may not). The last path in use stays.
 */
static bool eun_paths_park(struct eun_paths *ps, struct eun_path *p)
{
	if (p->parked_until || eun_paths_in_use(ps) <= 1)
		return false;
	p->parked_until = ps->clock + ((u64)EUN_PATH_PARK_PKTS << p->backoff);
	if (p->backoff < EUN_PATH_PARK_MAX_SHIFT)
		p->backoff++;
	p->gen = (p->gen + 1) & EUN_PATH_GEN_MASK;
	p->late_avg = 0;
	p->loss_avg = 0;
	p->samples = 0;
	return true;
}

/**
 * eun_paths_echo() - the receiver reported on a packet of a path
 * @ps: the paths
 * @wire: the packet's path byte, echoed
 * @late: higher PSNs that had arrived before it
 *
 * Every policy keeps the averages (they are shown in debugfs); MP-RDMA's
 * replaces a path late by more than delta on average (and three times the
 * paths' mean), and judges probes; the adaptive one parks such a path.
 *
 * Return: 0, or -ESTALE for a byte that names no current path.
 */
int eun_paths_echo(struct eun_paths *ps, u8 wire, u32 late)
{
	struct eun_path *p = eun_paths_lookup(ps, wire);
	s32 avg;

	if (!p)
		return -ESTALE;
	if (late > EUN_PATH_MAX_DELTA * 16)
		late = EUN_PATH_MAX_DELTA * 16;
	p->echoes++;
	if (p->samples < U32_MAX)
		p->samples++;
	if (late > p->late_max)
		p->late_max = late;
	avg = p->late_avg;
	avg += ((s32)(late << EUN_PATH_LATE_SHIFT) - avg) / 8;
	p->late_avg = avg;
	if (ps->policy == EUN_SPRAY_ADAPTIVE) {
		if (eun_path_is_late(ps, p) && eun_paths_park(ps, p))
			ps->stats.pruned_late++;
		return 0;
	}
	if (ps->policy != EUN_SPRAY_MPRDMA)
		return 0;
	if (p == &ps->path[ps->npaths]) {
		eun_paths_probe_done(ps, late);
	} else if (eun_path_is_late(ps, p)) {
		eun_paths_replace(ps, p - ps->path, eun_paths_new_port(ps));
		ps->stats.pruned_late++;
	}
	return 0;
}

/* The mean loss rate of the paths in use other than @p. */
static u32 eun_paths_loss_mean(const struct eun_paths *ps,
			       const struct eun_path *p)
{
	u32 sum = 0, n = 0;
	u32 i;

	for (i = 0; i < ps->npaths; i++) {
		if (ps->path[i].parked_until || &ps->path[i] == p)
			continue;
		sum += ps->path[i].loss_avg;
		n++;
	}
	return n ? sum / n : 0;
}

/*
 * Lossy: three losses close together, or (unless @loss_bursts_only) a
 * recent loss where the other paths lose next to nothing (four times
 * their mean). Losses that every path suffers alike are the fabric's, not
 * a path's.
 */
static bool eun_path_is_lossy(const struct eun_paths *ps,
			      const struct eun_path *p)
{
	if (p->loss_avg > EUN_PATH_LOSS_PRUNE)
		return true;
	return !ps->loss_bursts_only &&
	       p->loss_avg >= EUN_PATH_LOSS_ONE >> (EUN_PATH_LOSS_SHIFT + 1) &&
	       p->loss_avg > 4 * eun_paths_loss_mean(ps, p);
}

/**
 * eun_paths_lost() - a packet sent on a path was lost
 * @ps: the paths
 * @wire: the path byte the packet carried
 *
 * A path that loses three packets close together, or one while the others
 * lose next to nothing, MP-RDMA's policy replaces and the adaptive one
 * parks.
 *
 * Return: 0, or -ESTALE for a byte that names no current path.
 */
int eun_paths_lost(struct eun_paths *ps, u8 wire)
{
	struct eun_path *p = eun_paths_lookup(ps, wire);

	if (!p)
		return -ESTALE;
	p->lost++;
	p->loss_avg += (EUN_PATH_LOSS_ONE - p->loss_avg) >> EUN_PATH_LOSS_SHIFT;
	if (ps->policy == EUN_SPRAY_ADAPTIVE) {
		if (eun_path_is_lossy(ps, p) && eun_paths_park(ps, p))
			ps->stats.pruned_loss++;
		return 0;
	}
	if (ps->policy != EUN_SPRAY_MPRDMA)
		return 0;
	if (p == &ps->path[ps->npaths]) {
		/* A lost probe: its first port, if it was one, waits again. */
		if (ps->probe_first < ps->npaths)
			eun_path_first_wait(ps, &ps->path[ps->probe_first]);
		eun_paths_next_probe(ps);
	} else if (eun_path_is_lossy(ps, p)) {
		eun_paths_replace(ps, p - ps->path, eun_paths_new_port(ps));
		ps->stats.pruned_loss++;
	}
	return 0;
}
