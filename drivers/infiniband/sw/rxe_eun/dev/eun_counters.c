// SPDX-License-Identifier: GPL-2.0
/*
 * rxe_eun counters: one descriptor table holding the stock rxe counters
 * followed by ours, so one hw_stats struct serves both.
 */

#include "rxe.h"
#include "eun_counters.h"

static const struct rdma_stat_desc eun_counter_descs[] = {
	[EUN_CNT_PSN_ACCEPT].name	= "rxe_eun_psn_accept",
	[EUN_CNT_PSN_DUPLICATE].name	= "rxe_eun_psn_duplicate",
	[EUN_CNT_PSN_DROP].name		= "rxe_eun_psn_drop",
	[EUN_CNT_RX_OOO].name		= "rxe_eun_rx_ooo",
	[EUN_CNT_RX_MALFORMED].name	= "rxe_eun_rx_malformed",
	[EUN_CNT_RX_MODE].name		= "rxe_eun_rx_mode_mismatch",
	[EUN_CNT_RX_HELD].name		= "rxe_eun_rx_held_completions",
	[EUN_CNT_ACK_SENT].name		= "rxe_eun_ack_sent",
	[EUN_CNT_SACK_SENT].name	= "rxe_eun_sack_sent",
	[EUN_CNT_SACK_CUT].name		= "rxe_eun_sack_cut",
	[EUN_CNT_NACK_SENT].name	= "rxe_eun_nack_sent",
	[EUN_CNT_NACK_SENT_CAP].name	= "rxe_eun_nack_sent_cap",
	[EUN_CNT_NACK_SENT_NOMEM].name	= "rxe_eun_nack_sent_nomem",
	[EUN_CNT_NACK_SENT_RNR].name	= "rxe_eun_nack_sent_rnr",
	[EUN_CNT_NACK_SENT_ERR].name	= "rxe_eun_nack_sent_error",
	[EUN_CNT_NACK_SENT_MODE].name	= "rxe_eun_nack_sent_mode",
	[EUN_CNT_ACK_RCVD].name		= "rxe_eun_ack_rcvd",
	[EUN_CNT_SACK_RCVD].name	= "rxe_eun_sack_rcvd",
	[EUN_CNT_NACK_RCVD].name	= "rxe_eun_nack_rcvd",
	[EUN_CNT_ACK_BAD].name		= "rxe_eun_ack_bad",
	[EUN_CNT_RETX_TIMEOUT].name	= "rxe_eun_retx_timeout",
	[EUN_CNT_RETX_NACK].name	= "rxe_eun_retx_nack",
	[EUN_CNT_RETX_REORDER].name	= "rxe_eun_retx_reorder",
	[EUN_CNT_RETX_SPURIOUS].name	= "rxe_eun_retx_spurious",
	[EUN_CNT_NACK_BACKOFF].name	= "rxe_eun_nack_backoff",
	[EUN_CNT_NACK_RETRY].name	= "rxe_eun_nack_retry",
	[EUN_CNT_QP_FALLBACK].name	= "rxe_eun_qp_fallback",
	[EUN_CNT_QP_STOCK_SEND].name	= "rxe_eun_qp_stock_send",
	[EUN_CNT_GBN_RETRY].name	= "rxe_eun_gbn_retry",
	[EUN_CNT_RCV_DROP].name		= "rxe_eun_rcv_drop",
	[EUN_CNT_RCV_DROP_OPCODE].name	= "rxe_eun_rcv_drop_opcode",
	[EUN_CNT_WSYNC_HELD].name	= "rxe_eun_wsync_held",
	[EUN_CNT_WSYNC_FULL].name	= "rxe_eun_wsync_hold_full",
	[EUN_CNT_WSYNC_SHARE].name	= "rxe_eun_wsync_hold_share",
	[EUN_CNT_WSYNC_EXPIRED].name	= "rxe_eun_wsync_expired",
	[EUN_CNT_WSYNC_STALE].name	= "rxe_eun_wsync_target_gone",
	[EUN_CNT_WSYNC_DELAYED].name	= "rxe_eun_wsync_delayed",
	[EUN_CNT_RW_WIDENED].name	= "rxe_eun_rw_widened",
	[EUN_CNT_RW_PROBES].name	= "rxe_eun_rw_probes",
	[EUN_CNT_RW_HELD].name		= "rxe_eun_rw_held",
	[EUN_CNT_RW_TAIL_PROBES].name	= "rxe_eun_rw_tail_probes",
	[EUN_CNT_PATH_PRUNED_LATE].name	= "rxe_eun_path_pruned_late",
	[EUN_CNT_PATH_PRUNED_LOSS].name	= "rxe_eun_path_pruned_loss",
	[EUN_CNT_PATH_PROBES].name	= "rxe_eun_path_probes",
	[EUN_CNT_PATH_ADOPTED].name	= "rxe_eun_path_adopted",
	[EUN_CNT_PATH_REINSTATED].name	= "rxe_eun_path_reinstated",
	[EUN_CNT_READ_PLACED].name	= "rxe_eun_read_placed",
	[EUN_CNT_READ_OOO].name		= "rxe_eun_read_ooo",
	[EUN_CNT_READ_DUP].name		= "rxe_eun_read_duplicate",
	[EUN_CNT_READ_DROP].name	= "rxe_eun_read_drop",
	[EUN_CNT_READ_BAD].name		= "rxe_eun_read_bad",
	[EUN_CNT_READ_REREQ].name	= "rxe_eun_read_rerequest",
	[EUN_CNT_READ_REREQ_TIMEOUT].name	= "rxe_eun_read_rerequest_timeout",
	[EUN_CNT_READ_REREQ_SPURIOUS].name	= "rxe_eun_read_rerequest_spurious",
	[EUN_CNT_READ_REREQ_PART].name	= "rxe_eun_read_rerequest_part",
	[EUN_CNT_READ_AHEAD].name	= "rxe_eun_read_ahead",
	[EUN_CNT_READ_REPLAY_EARLY].name	= "rxe_eun_read_replay_early",
	[EUN_CNT_ATOMIC_HELD].name	= "rxe_eun_atomic_held",
	[EUN_CNT_READ_HELD].name	= "rxe_eun_read_held",
	[EUN_CNT_READ_UNFENCED].name	= "rxe_eun_read_unfenced",
	[EUN_CNT_READ_GAP_SENT].name	= "rxe_eun_read_gap_nak_sent",
	[EUN_CNT_READ_GAP_RCVD].name	= "rxe_eun_read_gap_nak_rcvd",
	[EUN_CNT_READ_RESP_SPRAYED].name	= "rxe_eun_read_resp_sprayed",
	[EUN_CNT_READ_RESP_PARKED].name	= "rxe_eun_read_resp_parked",
	[EUN_CNT_ACK_SPRAYED].name	= "rxe_eun_ack_sprayed",
	[EUN_CNT_FENCE_WAIT].name	= "rxe_eun_fence_wait",
	[EUN_CNT_OOO_UNFENCED].name	= "rxe_eun_ooo_unfenced",
	[EUN_CNT_READ_REPLAY_GONE].name	= "rxe_eun_read_replay_gone",
	[EUN_CNT_READ_IN_TURN].name	= "rxe_eun_read_in_turn",
	[EUN_CNT_READ_PAST_HOLE].name	= "rxe_eun_read_past_hole",
	[EUN_CNT_EMEM_IN_USE].name	= "rxe_eun_emem_blocks_in_use",
	[EUN_CNT_EMEM_PEAK].name	= "rxe_eun_emem_blocks_peak",
	[EUN_CNT_EMEM_ALLOC_FAIL].name	= "rxe_eun_emem_alloc_fail",
	[EUN_CNT_BM_GROWS].name		= "rxe_eun_bitmap_grows",
	[EUN_CNT_BM_MERGES].name	= "rxe_eun_bitmap_merges",
	[EUN_CNT_WSYNC_IN_USE].name	= "rxe_eun_wsync_slots_in_use",
	[EUN_CNT_WSYNC_PEAK].name	= "rxe_eun_wsync_slots_peak",
	[EUN_CNT_OOO_DEGREE_P99].name	= "rxe_eun_ooo_degree_p99",
	[EUN_CNT_OOO_DEGREE_MAX].name	= "rxe_eun_ooo_degree_max",
};

/*
 * The core keeps a pointer to the descriptors for the device's lifetime,
 * so the joined table is static; every device builds the same content.
 */
static struct rdma_stat_desc eun_all_descs[RXE_NUM_OF_COUNTERS +
					   EUN_NUM_COUNTERS];

struct rdma_hw_stats *eun_alloc_hw_stats(const struct rdma_stat_desc *stock,
					 unsigned int nr_stock)
{
	BUILD_BUG_ON(ARRAY_SIZE(eun_counter_descs) != EUN_NUM_COUNTERS);

	if (WARN_ON(nr_stock != RXE_NUM_OF_COUNTERS))
		return NULL;

	memcpy(eun_all_descs, stock, nr_stock * sizeof(*stock));
	memcpy(eun_all_descs + nr_stock, eun_counter_descs,
	       sizeof(eun_counter_descs));

	return rdma_alloc_hw_stats_struct(eun_all_descs,
					  ARRAY_SIZE(eun_all_descs),
					  RDMA_HW_STATS_DEFAULT_LIFESPAN);
}

void eun_counter_inc(struct rxe_dev *rxe, enum eun_counter counter)
{
	if (WARN_ON_ONCE(counter >= EUN_NUM_EVENT_COUNTERS))
		return;
	atomic64_inc(&rxe->eun.counters[counter]);
}

void eun_counter_add(struct rxe_dev *rxe, enum eun_counter counter, u64 n)
{
	if (WARN_ON_ONCE(counter >= EUN_NUM_EVENT_COUNTERS))
		return;
	if (n)
		atomic64_add(n, &rxe->eun.counters[counter]);
}
