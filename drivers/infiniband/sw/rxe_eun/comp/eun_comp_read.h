/* SPDX-License-Identifier: GPL-2.0 */
/* READ responses at a tracking QP's requester (eun_comp_read.c). */
#ifndef EUN_COMP_READ_H
#define EUN_COMP_READ_H

#include "eun_verdicts.h"

struct rxe_pkt_info;
struct rxe_qp;
struct rxe_send_wqe;

bool eun_comp_read_admit(struct rxe_qp *qp, struct rxe_send_wqe *wqe,
			 bool idle);
void eun_comp_read_mark(struct rxe_qp *qp, struct rxe_pkt_info *pkt);
enum eun_ack_verdict eun_comp_read(struct rxe_qp *qp,
				   struct rxe_pkt_info *pkt);
enum eun_ack_verdict eun_comp_read_ack(struct rxe_qp *qp,
				       struct rxe_pkt_info *pkt);
enum eun_ack_verdict eun_comp_read_ack_past(struct rxe_qp *qp,
					    struct rxe_pkt_info *pkt);
u32 eun_comp_read_newest_npkts(struct rxe_qp *qp);
int eun_comp_read_reach(struct rxe_qp *qp, struct rxe_send_wqe *wqe);
enum eun_resend_verdict eun_comp_read_resend(struct rxe_qp *qp, u64 now);
bool eun_comp_read_timeout(struct rxe_qp *qp);
void eun_comp_read_close(struct rxe_qp *qp);

#endif /* EUN_COMP_READ_H */
