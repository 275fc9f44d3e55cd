// SPDX-License-Identifier: GPL-2.0
/*
 * eun-verify: what rdma_rxe_eun thinks of a stalled QP. When a QP makes
 * no progress, the module's debugfs view of it (scoreboard, bitmap, hold
 * queue, READ tracker) is the evidence a rare hang leaves: the QP is
 * destroyed once the tool exits. Printed to stderr when the debugfs file
 * is there (root, debugfs mounted, the device is rdma_rxe_eun's);
 * silently nothing otherwise, e.g. on stock rdma_rxe.
 */
#include <stdio.h>
#include <string.h>

#include "ev_debugfs.h"

#define EV_DEBUGFS_ROOT	"/sys/kernel/debug/rxe_eun"

/* At most this many lines: a scoreboard map is long. */
#define EV_DEBUGFS_MAX_LINES	200

void ev_debugfs_dump_qp(const struct ev_qp *q, const char *role)
{
	char path[256], line[512];
	const char *dev;
	unsigned int n = 0;
	FILE *f;

	if (!q->qp || !q->qp->context)
		return;
	dev = ibv_get_device_name(q->qp->context->device);
	if (!dev || snprintf(path, sizeof(path), EV_DEBUGFS_ROOT "/%s/qp",
			     dev) >= (int)sizeof(path))
		return;
	f = fopen(path, "w");
	if (!f)
		return;
	fprintf(f, "%u\n", q->qp->qp_num);
	if (fclose(f))
		return;
	f = fopen(path, "r");
	if (!f)
		return;
	fprintf(stderr, "eun-verify: %s: QP %u (qpn %u) as %s sees it:\n",
		role, q->idx, q->qp->qp_num, path);
	while (fgets(line, sizeof(line), f) && n++ < EV_DEBUGFS_MAX_LINES)
		fprintf(stderr, "  %s", line);
	fclose(f);
}
