// SPDX-License-Identifier: GPL-2.0
/*
 * debugfs view of rxe_eun: /sys/kernel/debug/rxe_eun/DEV/{params,memctl,
 * qps,qp}.
 *
 * For people measuring what reorder tracking costs in NIC memory: the
 * parameters a device runs with and a block-by-block map of its emulated
 * memory; for people debugging a transfer: the QPs of the device and the
 * ordering state of one of them (reorder bitmap, hold queue, scoreboard,
 * RACK window). debugfs is optional; every failure here is ignored.
 *
 * Consistency of the QP dump: the bitmap (open, head, marks) is read under
 * the device lock and is a true snapshot. Everything else belongs to the
 * QP's tasks, which take no lock a reader could share: the receive task's
 * epsn and hold queue, the send task's scoreboard and RACK window. They
 * are copied without a lock and may be torn: a copy of the scoreboard
 * header may pair an old una with a new nxt, its counts may not add up,
 * and a ring slot may already hold a later PSN (shown as '?'). The ring and
 * hold queue arrays live as long as the QP, which the reader holds a
 * reference on, so no read leaves them. QPs are found through rxe's pool,
 * which holds a QP only once it is fully created.
 */

#include <linux/bitmap.h>
#include <linux/debugfs.h>
#include <linux/kstrtox.h>
#include <linux/seq_file.h>
#include <linux/slab.h>

#include "rxe.h"
#include "eun/eun_backoff.h"
#include "eun/eun_path.h"
#include "eun_debugfs.h"
#include "eun_debugfs_paths.h"
#include "eun_params.h"

/*
 * A field a QP task changes without a lock the reader could take: the value
 * may be stale, and a structure may be torn (see the top of the file).
 */
#define eun_peek(x)	data_race(x)

/* Blocks, bits or PSNs per line of a map. */
#define EUN_DEBUGFS_MAP_WIDTH	64

static struct dentry *eun_debugfs_root;

static int eun_params_show(struct seq_file *s, void *unused)
{
	const struct eun_params *p = &((struct rxe_dev *)s->private)->eun.params;

	seq_printf(s, "ooo_mode %s\n", eun_mode_name(p->mode));
	seq_printf(s, "emem_blocks %u\n", p->emem_blocks);
	seq_printf(s, "hd_block_bits %u\n", p->hd_block_bits);
	seq_printf(s, "hd_cap_bits %u\n", p->hd_cap_bits);
	seq_printf(s, "hd_grow %s\n", eun_grow_name(p->hd_grow));
	seq_printf(s, "static_bits %u\n", p->static_bits);
	seq_printf(s, "max_inflight %u\n", p->max_inflight);
	seq_printf(s, "write_sync %s\n", eun_wsync_name(p->write_sync));
	seq_printf(s, "after_read %s\n", eun_after_read_name(p->after_read));
	seq_printf(s, "read_reo_wnd_us %u\n", p->read_reo_wnd_us);
	seq_printf(s, "read_inflight %u\n", p->read_inflight);
	seq_printf(s, "wsync_slots %u\n", p->wsync_slots);
	seq_printf(s, "wsync_hold_ms %u\n", p->wsync_hold_ms);
	seq_printf(s, "spray %s\n", eun_spray_name(p->spray));
	seq_printf(s, "paths %u\n", p->paths);
	seq_printf(s, "spray_seed %llu\n", p->spray_seed);
	seq_printf(s, "mprdma_delta %u\n", p->mprdma_delta);
	seq_printf(s, "mprdma_probe %u\n", p->mprdma_probe);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(eun_params);

/* One character per block, '#' allocated; called with the device lock held. */
static void eun_memctl_snap_map(struct eun_dev *ed, char *map)
{
	u32 i;

	lockdep_assert_held(&ed->lock);
	for (i = 0; i < ed->mc.nblocks; i++)
		map[i] = eun_mc_is_used(&ed->mc, i) ? '#' : '.';
}

static void eun_memctl_show_map(struct seq_file *s, const char *map,
				u32 nblocks)
{
	u32 i, n;

	for (i = 0; i < nblocks; i += EUN_DEBUGFS_MAP_WIDTH) {
		n = min_t(u32, EUN_DEBUGFS_MAP_WIDTH, nblocks - i);
		seq_printf(s, "%5u %.*s\n", i, n, map + i);
	}
}

/* Snapshot under the lock the receive tasks take, printed after it. */
static int eun_memctl_show(struct seq_file *s, void *unused)
{
	struct eun_dev *ed = &((struct rxe_dev *)s->private)->eun;
	struct eun_mc_stats st;
	unsigned long flags;
	char *map;

	map = kmalloc(ed->mc.nblocks, GFP_KERNEL);
	if (!map)
		return -ENOMEM;
	spin_lock_irqsave(&ed->lock, flags);
	eun_mc_get_stats(&ed->mc, &st);
	eun_memctl_snap_map(ed, map);
	spin_unlock_irqrestore(&ed->lock, flags);

	seq_printf(s, "blocks %u (%u bytes)\n", st.nblocks,
		   st.nblocks * EUN_MC_BLOCK_BYTES);
	seq_printf(s, "in_use bitmap %u meta %u\n", st.in_use[EUN_MC_BITMAP],
		   st.in_use[EUN_MC_META]);
	seq_printf(s, "peak %u\nalloc_failures %u\nconnections %u\n",
		   st.peak, st.failures, st.conns);
	seq_puts(s, "map ('#' allocated, '.' free), from block:\n");
	eun_memctl_show_map(s, map, st.nblocks);
	kfree(map);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(eun_memctl);

static const char * const eun_qp_state_names[] = {
	[IB_QPS_RESET]	= "reset",
	[IB_QPS_INIT]	= "init",
	[IB_QPS_RTR]	= "rtr",
	[IB_QPS_RTS]	= "rts",
	[IB_QPS_SQD]	= "sqd",
	[IB_QPS_SQE]	= "sqe",
	[IB_QPS_ERR]	= "err",
};

static const char *eun_qp_state_name(struct rxe_qp *qp)
{
	u32 st = READ_ONCE(qp->attr.qp_state);

	return st < ARRAY_SIZE(eun_qp_state_names) ? eun_qp_state_names[st] :
						     "?";
}

/*
 * rxe_pool_get_index() finds a QP only once rxe_finalize() stored it in the
 * pool, after eun_qp_init() set its mode and state up; the mode changes
 * again only in eun_qp_cleanup(), which waits for the reader's reference.
 */
static enum eun_qp_mode eun_dbg_qp_mode(struct rxe_qp *qp)
{
	return READ_ONCE(qp->eun.mode);
}

/* Receive side: bitmap under the device lock, the rest without a lock. */
static void eun_qp_show_rx(struct seq_file *s, struct rxe_dev *rxe,
			   struct rxe_qp *qp)
{
	struct eun_dev *ed = &rxe->eun;
	struct eun_rx *rx = &qp->eun.rx;
	const struct eun_holdq_stats *hs = &rx->hq.stats;
	struct eun_bm_info info = {};
	unsigned long *bits;
	char line[EUN_DEBUGFS_MAP_WIDTH + 1];
	u32 head = 0, n = 0, i, j;
	int ret;
	unsigned long flags;
	bool open;

	bits = bitmap_zalloc(EUN_BM_MAX_BITS, GFP_KERNEL);
	spin_lock_irqsave(&ed->lock, flags);
	open = rx->open;
	if (open) {
		eun_bm_get_info(&ed->bm, rx->conn, &info);
		if (bits) {
			ret = eun_bm_sack(&ed->bm, rx->conn, &head, bits,
					  EUN_BM_MAX_BITS);
			n = ret > 0 ? ret : 0;
		}
	}
	spin_unlock_irqrestore(&ed->lock, flags);

	seq_printf(s, "rx conn %u started %d open %d epsn %u stock_psn %d unacked %u ack_depth %u\n",
		   rx->conn, eun_peek(rx->started), open,
		   eun_peek(rx->epsn), eun_peek(rx->stock_psn),
		   eun_peek(rx->ackp.unacked), eun_peek(rx->ackp.depth));
	seq_printf(s, "bitmap kind %s active %d head %u span %u circ_bits %u total_bits %u reach %u meta_blocks %u\n",
		   ed->bm.p.kind == EUN_BM_STATIC ? "static" : "hd",
		   info.active, info.head, info.span, info.circ_bits,
		   info.total_bits, info.reach, info.meta_blocks);
	if (ed->bm.p.kind == EUN_BM_HD)
		seq_printf(s, "bitmap blocks %u block_bits %u cap_bits %u\n",
			   info.total_bits / ed->bm.p.block_bits,
			   ed->bm.p.block_bits, ed->bm.p.cap_bits);
	seq_printf(s, "marked %u of %u tracked after head%s\n",
		   n ? bitmap_weight(bits, n) : 0, n,
		   open && !bits ? " (no memory to read them)" : "");
	if (n)
		seq_puts(s, "marks ('#' received, '.' missing), from PSN:\n");
	for (i = 0; i < n; i += EUN_DEBUGFS_MAP_WIDTH) {
		for (j = 0; j < EUN_DEBUGFS_MAP_WIDTH && i + j < n; j++)
			line[j] = test_bit(i + j, bits) ? '#' : '.';
		line[j] = '\0';
		seq_printf(s, "%8u %s\n", eun_psn_add(head, i), line);
	}
	bitmap_free(bits);

	seq_printf(s, "holdq cap %u head_seq %u held %u peak %u completed %llu\n",
		   rx->hq.cap, eun_peek(rx->hq.head_seq), eun_peek(hs->held),
		   eun_peek(hs->peak), eun_peek(hs->completed));
	if (rx->srq.cap)
		seq_printf(s, "srq wqes taken %u of %u\n",
			   eun_peek(rx->srq.ntaken), rx->srq.cap);
	eun_debugfs_show_ooo_degree(s, &rx->ooo_degree);
}

/* Waits after refusals for want of room; the remaining wait in us. */
static void eun_qp_show_backoff(struct seq_file *s, struct rxe_qp *qp)
{
	struct eun_backoff bo = eun_peek(qp->eun.tx.bo);
	u64 now = ktime_get_ns();

	seq_printf(s, "backoff active %d una %u strikes %u wait_ns %llu left_us %llu waits %llu retries %llu\n",
		   bo.active, bo.una, bo.strikes, bo.wait_ns,
		   eun_bo_waiting(&bo, now) ? div_u64(bo.until_ns - now, 1000) : 0,
		   bo.waits, bo.retries);
}

/* Microseconds from @then to @now, 0 for a time not yet set. */
static u64 eun_age_us(u64 then, u64 now)
{
	return then && now > then ? div_u64(now - then, 1000) : 0;
}

/*
 * What the next loss check waits on: how old the packet at una and the
 * latest ACK are, and when the RACK timer fires (-1: not armed). A
 * sender with nothing moving and no timer armed is stuck until the
 * retransmit timeout.
 */
static void eun_qp_show_rack_clock(struct seq_file *s, struct rxe_qp *qp,
				   const struct eun_rw *rw,
				   const struct eun_sb *sb)
{
	const struct eun_sb_entry *p = eun_sb_lookup(sb, sb->una);
	struct hrtimer *t = &qp->eun.tx.rack_timer;
	struct eun_sb_entry una = {};
	u64 now = ktime_get_ns();
	s64 left_us = -1, rto_left_ms = -1;

	if (p && sb->una != sb->nxt)
		una = eun_peek(*p);
	if (hrtimer_is_queued(t))
		left_us = max_t(s64, ktime_to_us(hrtimer_get_remaining(t)), 0);
	/* A timer due but not yet run reads 0, not an unsigned wrap. */
	if (timer_pending(&qp->retrans_timer)) {
		unsigned long expires = READ_ONCE(qp->retrans_timer.expires);

		rto_left_ms = time_after(expires, jiffies) ?
			      jiffies_to_msecs(expires - jiffies) : 0;
	}
	seq_printf(s, "rack tail_probes %llu una_xmits %u una_age_us %llu delivered_xmit_age_us %llu ack_age_us %llu timer_left_us %lld rto_left_ms %lld acks_queued %u\n",
		   rw->stats.tail_probes, una.xmits,
		   eun_age_us(una.xmit_ns, now),
		   rw->has_xmit ? eun_age_us(rw->xmit_ns, now) : 0,
		   rw->has_ack ? eun_age_us(rw->ack_ns, now) : 0, left_us,
		   rto_left_ms, skb_queue_len(&qp->resp_pkts));
}

/* Send side, copied without a lock (see the top of the file). */
static void eun_qp_show_tx(struct seq_file *s, struct rxe_qp *qp)
{
	struct eun_tx *tx = &qp->eun.tx;
	struct eun_sb sb = eun_peek(tx->sb);
	struct eun_rw rw = eun_peek(tx->rw);
	char line[EUN_DEBUGFS_MAP_WIDTH + 1];
	u32 n = eun_psn_dist(sb.una, sb.nxt);
	bool torn = false;
	u32 i, j;

	if (n > sb.capacity) {
		n = sb.capacity;
		torn = true;
	}
	seq_printf(s, "tx open %d stock_out %d recv_seq %u write_seq %u sent_ooo %d heard %d stock_send %d\n",
		   eun_peek(tx->open), eun_peek(tx->stock_out),
		   eun_peek(tx->recv_seq), eun_peek(tx->write_seq),
		   eun_peek(tx->sent_ooo), eun_peek(tx->heard),
		   eun_peek(tx->stock_send));
	seq_printf(s, "scoreboard capacity %u una %u nxt %u in_flight %u lost_from %u%s\n",
		   sb.capacity, sb.una, sb.nxt, n, sb.lost_from,
		   torn ? " (torn)" : "");
	seq_printf(s, "states in_flight %u retransmitted %u sacked %u lost %u delivered %u unused %u\n",
		   sb.count[EUN_SB_IN_FLIGHT], sb.count[EUN_SB_RETRANSMITTED],
		   sb.count[EUN_SB_SACKED], sb.count[EUN_SB_LOST],
		   sb.count[EUN_SB_DELIVERED], sb.count[EUN_SB_UNUSED]);
	seq_printf(s, "retransmits timeout %llu nack %llu reorder %llu spurious %llu bad_acks %llu\n",
		   sb.stats.retransmits[EUN_SB_CAUSE_TIMEOUT],
		   sb.stats.retransmits[EUN_SB_CAUSE_NACK],
		   sb.stats.retransmits[EUN_SB_CAUSE_REORDER],
		   sb.stats.spurious, sb.stats.bad_acks);
	if (n)
		seq_puts(s, "window ('i' in flight, 'r' resent, 's' sacked, 'l' lost, 'd' delivered, '?' changed), from PSN:\n");
	for (i = 0; i < n; i += EUN_DEBUGFS_MAP_WIDTH) {
		for (j = 0; j < EUN_DEBUGFS_MAP_WIDTH && i + j < n; j++) {
			u32 psn = eun_psn_add(sb.una, i + j);
			const struct eun_sb_entry *p = eun_sb_lookup(&sb, psn);
			struct eun_sb_entry e;

			line[j] = '?';
			if (!p)
				continue;
			e = eun_peek(*p);
			if (e.psn == psn)
				line[j] = eun_sb_state_char(e.state);
		}
		line[j] = '\0';
		seq_printf(s, "%8u %s\n", eun_psn_add(sb.una, i), line);
	}

	seq_printf(s, "rack has_rtt %d min_rtt_ns %llu srtt_ns %llu rttvar_ns %llu rtt_ns %llu\n",
		   rw.has_rtt, rw.min_rtt_ns, rw.srtt_ns, rw.rttvar_ns,
		   rw.rtt_ns);
	seq_printf(s, "rack reo_wnd_ns %llu loss_wait_ns %llu mult %u reo_seen_ns %llu persist %u in_recovery %d\n",
		   eun_rw_reo_wnd(&rw), eun_rw_loss_wait(&rw), rw.mult,
		   rw.reo_seen_ns, rw.persist, rw.in_recovery);
	seq_printf(s, "rack spurious %llu widened %llu narrowed %llu marked %llu probes %llu held %llu reordered %llu\n",
		   rw.stats.spurious, rw.stats.widened, rw.stats.narrowed,
		   rw.stats.marked, rw.stats.probes, rw.stats.held,
		   rw.stats.reordered);
	eun_qp_show_rack_clock(s, qp, &rw, &sb);
	eun_qp_show_backoff(s, qp);
}

/* READs and atomics out, and those the responder took ahead of order. */
static void eun_qp_show_read(struct seq_file *s, struct rxe_qp *qp)
{
	const struct eun_rd *rd = &qp->eun.tx.rd;
	const struct eun_rx *rx = &qp->eun.rx;

	seq_printf(s, "read out %u first %u last %u head %u max %u seen %d open %d unplaced %u\n",
		   READ_ONCE(rd->count), READ_ONCE(rd->first_psn),
		   READ_ONCE(rd->last_psn), READ_ONCE(qp->eun.tx.rd_head),
		   READ_ONCE(rd->max_psn), READ_ONCE(rd->seen),
		   READ_ONCE(qp->eun.tx.rd_open), READ_ONCE(rd->unplaced));
	seq_printf(s, "read armed %d unanswered %u reo_wnd_ns %llu pause_ns %llu\n",
		   READ_ONCE(rd->armed), READ_ONCE(rd->unanswered),
		   READ_ONCE(rd->reo_wnd_ns), READ_ONCE(rd->pause_ns));
	seq_printf(s, "read hole %d at %u from_ns %llu awaiting %d after %u calm %u\n",
		   READ_ONCE(rd->hole_seen), READ_ONCE(rd->hole_head),
		   READ_ONCE(rd->hole_from_ns), READ_ONCE(rd->awaiting),
		   READ_ONCE(rd->rereq_last), READ_ONCE(rd->calm));
	seq_printf(s, "read answer %d from %u to %u front %u seen %d\n",
		   READ_ONCE(rd->answering), READ_ONCE(rd->rereq_first),
		   READ_ONCE(rd->answer_last), READ_ONCE(rd->answer_front),
		   READ_ONCE(rd->answer_seen));
	seq_printf(s, "responder reads_ahead %u atomics_held %u\n",
		   eun_ro_count_ahead(&rx->order),
		   eun_ro_count_held(&rx->order));
}

static int eun_qp_show(struct seq_file *s, void *unused)
{
	struct rxe_dev *rxe = s->private;
	u32 qpn = READ_ONCE(rxe->eun.debugfs_qpn);
	enum eun_qp_mode mode;
	struct rxe_qp *qp;

	if (!qpn) {
		seq_puts(s, "no QP chosen: write a QP number to this file\n");
		return 0;
	}
	qp = rxe_pool_get_index(&rxe->qp_pool, qpn);
	if (!qp) {
		seq_printf(s, "qpn %u\nno such QP\n", qpn);
		return 0;
	}
	mode = eun_dbg_qp_mode(qp);
	seq_printf(s, "qpn %u\nmode %s\nstate %s\ndest_qpn %u\n",
		   qp->ibqp.qp_num, eun_mode_name(mode), eun_qp_state_name(qp),
		   READ_ONCE(qp->attr.dest_qp_num));
	if (mode == EUN_QP_GO_BACK_N) {
		seq_puts(s, "no ordering state: go-back-N\n");
	} else {
		eun_qp_show_rx(s, rxe, qp);
		eun_qp_show_tx(s, qp);
		eun_qp_show_read(s, qp);
	}
	eun_debugfs_show_paths(s, qp);
	rxe_put(qp);
	return 0;
}

static ssize_t eun_qp_write(struct file *file, const char __user *buf,
			    size_t len, loff_t *ppos)
{
	struct rxe_dev *rxe = ((struct seq_file *)file->private_data)->private;
	struct rxe_qp *qp;
	u32 qpn;
	int err;

	err = kstrtou32_from_user(buf, len, 0, &qpn);
	if (err)
		return err;
	qp = rxe_pool_get_index(&rxe->qp_pool, qpn);
	if (!qp)
		return -ENOENT;
	rxe_put(qp);
	WRITE_ONCE(rxe->eun.debugfs_qpn, qpn);
	return len;
}
DEFINE_SHOW_STORE_ATTRIBUTE(eun_qp);

/* One line per QP of the device, ordering figures read without a lock. */
static int eun_qps_show(struct seq_file *s, void *unused)
{
	struct rxe_dev *rxe = s->private;
	struct rxe_pool_elem *elem;
	unsigned long index;

	seq_puts(s, "qpn mode state dest_qpn epsn held una nxt\n");
	xa_for_each(&rxe->qp_pool.xa, index, elem) {
		struct rxe_qp *qp = rxe_pool_get_index(&rxe->qp_pool, index);
		enum eun_qp_mode mode;

		if (!qp)
			continue;
		mode = eun_dbg_qp_mode(qp);
		seq_printf(s, "%u %s %s %u", qp->ibqp.qp_num,
			   eun_mode_name(mode), eun_qp_state_name(qp),
			   READ_ONCE(qp->attr.dest_qp_num));
		if (mode == EUN_QP_GO_BACK_N)
			seq_puts(s, " - - - -\n");
		else
			seq_printf(s, " %u %u %u %u\n",
				   eun_peek(qp->eun.rx.epsn),
				   eun_peek(qp->eun.rx.hq.stats.held),
				   eun_peek(qp->eun.tx.sb.una),
				   eun_peek(qp->eun.tx.sb.nxt));
		rxe_put(qp);
	}
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(eun_qps);

void eun_debugfs_init(void)
{
	eun_debugfs_root = debugfs_create_dir("rxe_eun", NULL);
}

void eun_debugfs_exit(void)
{
	debugfs_remove_recursive(eun_debugfs_root);
	eun_debugfs_root = NULL;
}

void eun_debugfs_add_dev(struct rxe_dev *rxe, const char *name)
{
	struct dentry *dir = debugfs_create_dir(name, eun_debugfs_root);

	debugfs_create_file("params", 0444, dir, rxe, &eun_params_fops);
	debugfs_create_file("memctl", 0444, dir, rxe, &eun_memctl_fops);
	debugfs_create_file("qps", 0444, dir, rxe, &eun_qps_fops);
	debugfs_create_file("qp", 0644, dir, rxe, &eun_qp_fops);
	rxe->eun.debugfs = dir;
}

void eun_debugfs_remove_dev(struct rxe_dev *rxe)
{
	debugfs_remove_recursive(rxe->eun.debugfs);
	rxe->eun.debugfs = NULL;
}
