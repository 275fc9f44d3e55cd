/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Tracepoints of rxe_eun (events/rxe_eun/ in tracefs; perf and bpftrace
 * see them as rxe_eun:NAME): out-of-order arrivals, acknowledgments sent,
 * resends with their cause, READ re-requests with theirs, and virtual path
 * changes. Defined once, in eun_trace.c.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM rxe_eun

#if !defined(EUN_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define EUN_TRACE_H

#include <linux/tracepoint.h>

/* A data packet placed ahead of the expected PSN, or filling a hole. */
TRACE_EVENT(eun_ooo_arrival,
	TP_PROTO(u32 qpn, u32 psn, u32 epsn, u32 late, u8 path),
	TP_ARGS(qpn, psn, epsn, late, path),
	TP_STRUCT__entry(
		__field(u32, qpn)
		__field(u32, psn)
		__field(u32, epsn)
		__field(u32, late)
		__field(u8, path)
	),
	TP_fast_assign(
		__entry->qpn = qpn;
		__entry->psn = psn;
		__entry->epsn = epsn;
		__entry->late = late;
		__entry->path = path;
	),
	TP_printk("qpn=%u psn=%u epsn=%u degree=%u late=%u path=0x%02x",
		  __entry->qpn, __entry->psn, __entry->epsn,
		  (__entry->psn - __entry->epsn) & 0xffffff, __entry->late,
		  __entry->path)
);

/* An EUN_ACK sent: kind 0 ACK, 1 SACK, 2 NACK (enum eun_ack_kind). */
TRACE_EVENT(eun_ack,
	TP_PROTO(u32 qpn, u8 kind, u8 reason, u32 epsn, u32 nack_psn,
		 u32 sack_words),
	TP_ARGS(qpn, kind, reason, epsn, nack_psn, sack_words),
	TP_STRUCT__entry(
		__field(u32, qpn)
		__field(u8, kind)
		__field(u8, reason)
		__field(u32, epsn)
		__field(u32, nack_psn)
		__field(u32, sack_words)
	),
	TP_fast_assign(
		__entry->qpn = qpn;
		__entry->kind = kind;
		__entry->reason = reason;
		__entry->epsn = epsn;
		__entry->nack_psn = nack_psn;
		__entry->sack_words = sack_words;
	),
	TP_printk("qpn=%u %s reason=%u epsn=%u nack_psn=%u sack_words=%u",
		  __entry->qpn,
		  __print_symbolic(__entry->kind, { 0, "ack" }, { 1, "sack" },
				   { 2, "nack" }),
		  __entry->reason, __entry->epsn, __entry->nack_psn,
		  __entry->sack_words)
);

/* A PSN sent again: cause 0 timeout, 1 NACK, 2 reorder window. */
TRACE_EVENT(eun_resend,
	TP_PROTO(u32 qpn, u32 psn, u8 cause, u8 path),
	TP_ARGS(qpn, psn, cause, path),
	TP_STRUCT__entry(
		__field(u32, qpn)
		__field(u32, psn)
		__field(u8, cause)
		__field(u8, path)
	),
	TP_fast_assign(
		__entry->qpn = qpn;
		__entry->psn = psn;
		__entry->cause = cause;
		__entry->path = path;
	),
	TP_printk("qpn=%u psn=%u cause=%s path=0x%02x", __entry->qpn,
		  __entry->psn,
		  __print_symbolic(__entry->cause, { 0, "timeout" },
				   { 1, "nack" }, { 2, "reorder" }),
		  __entry->path)
);

/*
 * A READ or atomic asked for again, PSNs @first..@last of it: cause 0
 * timeout (rxe's retransmit timer), 1 hole (missing below the highest
 * response that came, a reorder window after the first beyond it), 2
 * blind (the tail missing or nothing new: the longer wait); @quiet_us
 * since the latest new response or re-request.
 */
TRACE_EVENT(eun_read_rerequest,
	TP_PROTO(u32 qpn, u32 first, u32 last, u8 cause, u32 quiet_us),
	TP_ARGS(qpn, first, last, cause, quiet_us),
	TP_STRUCT__entry(
		__field(u32, qpn)
		__field(u32, first)
		__field(u32, last)
		__field(u8, cause)
		__field(u32, quiet_us)
	),
	TP_fast_assign(
		__entry->qpn = qpn;
		__entry->first = first;
		__entry->last = last;
		__entry->cause = cause;
		__entry->quiet_us = quiet_us;
	),
	TP_printk("qpn=%u psn=%u..%u cause=%s quiet_us=%u", __entry->qpn,
		  __entry->first, __entry->last,
		  __print_symbolic(__entry->cause, { 0, "timeout" },
				   { 1, "hole" }, { 2, "blind" }),
		  __entry->quiet_us)
);

/*
 * A virtual path took a new port: reason 0 late, 1 loss, 2 probe adopted,
 * 3 its first port back.
 */
TRACE_EVENT(eun_path_change,
	TP_PROTO(u32 qpn, u32 index, u16 old_sport, u16 new_sport, u8 reason),
	TP_ARGS(qpn, index, old_sport, new_sport, reason),
	TP_STRUCT__entry(
		__field(u32, qpn)
		__field(u32, index)
		__field(u16, old_sport)
		__field(u16, new_sport)
		__field(u8, reason)
	),
	TP_fast_assign(
		__entry->qpn = qpn;
		__entry->index = index;
		__entry->old_sport = old_sport;
		__entry->new_sport = new_sport;
		__entry->reason = reason;
	),
	TP_printk("qpn=%u path=%u sport %u -> %u reason=%s", __entry->qpn,
		  __entry->index, __entry->old_sport, __entry->new_sport,
		  __print_symbolic(__entry->reason, { 0, "late" },
				   { 1, "loss" }, { 2, "probe" },
				   { 3, "first" }))
);

#endif /* EUN_TRACE_H */

/* The build puts every file of the module in one folder. */
#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE eun_trace
#include <trace/define_trace.h>
