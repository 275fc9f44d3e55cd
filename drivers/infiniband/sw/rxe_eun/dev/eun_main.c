// SPDX-License-Identifier: GPL-2.0
/*
 * rxe_eun module set-up: checks that must pass before rxe registers
 * anything.
 *
 * Stock rdma_rxe and rdma_rxe_eun both listen on the RoCEv2 UDP port in
 * init_net and both serve the same rdma driver id, so only one of them
 * can be loaded. rxe reports a held port as a bare "Failed to create
 * IPv4 UDP tunnel"; we probe the port first and name the module to
 * unload instead.
 */

#include <net/udp_tunnel.h>

#include "rxe.h"
#include "eun_debugfs.h"
#include "eun_main.h"
#include "eun_opcode.h"

static int eun_probe_roce_port(int family)
{
	struct udp_port_cfg cfg = {
		.family = family,
		.local_udp_port = htons(ROCE_V2_UDP_DPORT),
		.ipv6_v6only = family == AF_INET6,
	};
	struct socket *sock;
	int err;

	err = udp_sock_create(&init_net, &cfg, &sock);
	if (err == -EADDRINUSE) {
		pr_err("UDP port %u (RoCEv2) is already in use, most likely by rdma_rxe: unload it first ('modprobe -r rdma_rxe')\n",
		       ROCE_V2_UDP_DPORT);
		return err;
	}
	/* Other errors (no IPv6, ...) are rxe's to report and judge. */
	if (err)
		return 0;

	sock_release(sock);
	return 0;
}

int eun_module_init(void)
{
	int err;

	err = eun_probe_roce_port(AF_INET);
	if (!err && IS_ENABLED(CONFIG_IPV6))
		err = eun_probe_roce_port(AF_INET6);
	if (!err)
		err = eun_opcodes_install();
	if (err)
		return err;

	eun_debugfs_init();
	return 0;
}

void eun_module_exit(void)
{
	eun_debugfs_exit();
}
