// SPDX-License-Identifier: GPL-2.0
/*
 * eun-inject: send hostile RoCEv2 packets with a valid ICRC at one QP of
 * an rdma_rxe_eun peer, so that they pass rxe's checks and reach the
 * ordering layer (Documentation/testing.rst, "Hostile packets").
 *
 * An ordinary UDP socket sends them: the kernel adds the IP and UDP
 * headers, and the ICRC is computed over the headers it will write
 * (ei_icrc.c). The source address must be the one the target QP is
 * connected to, or rxe drops the packet before its ICRC check.
 */

#include <arpa/inet.h>
#include <errno.h>
#include <getopt.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "ei_icrc.h"
#include "ei_pkt.h"

#define EI_ROCE_PORT	4791
#define EI_MAX_N	10000
#define EI_MAX_KINDS	64

struct ei_opts {
	const struct ei_kind *kinds[EI_MAX_KINDS];
	unsigned int nkinds;
	unsigned int n;
	unsigned int gap_us;
	int dry_run;
	struct ei_target t;
	struct ei_flow f;
	const char *dst;
	const char *src;
};

static void usage(FILE *out)
{
	fprintf(out,
		"Usage: eun-inject -a ADDR --dqpn N --psn N [options]\n"
		"  -a, --addr ADDR   target IPv4 address (UDP port 4791)\n"
		"  -q, --dqpn N      target QP number\n"
		"  -p, --psn N       the target QP's expected receive PSN\n"
		"  -U, --una N       its oldest unacknowledged send PSN\n"
		"                    (forged EUN_ACKs; default: --psn)\n"
		"  -r, --rkey N      an rkey of the target (default 0)\n"
		"  -m, --mtu N       the QP's path MTU (default 1024)\n"
		"  -L, --max-len N   largest UDP payload (default 1472)\n"
		"  -k, --kind KIND   a kind to send, repeatable; 'all' (default)\n"
		"  -n, --count N     packets per kind, 1..%d (default 1)\n"
		"  -g, --gap-us N    pause between packets (default 1000)\n"
		"  -s, --src ADDR    source address (default: the route's)\n"
		"  -P, --sport N     source port (default: the kernel's)\n"
		"  -d, --dry-run     print the packets in hex, send nothing\n"
		"  -l, --list        list the kinds\n"
		"Prints one line per kind: kind=K sent=N bytes=B expect=COUNTER\n",
		EI_MAX_N);
}

static void list_kinds(void)
{
	unsigned int i;

	for (i = 0; i < ei_nkinds; i++)
		printf("%-14s %-24s %s\n", ei_kinds[i].name,
		       ei_kinds[i].expect, ei_kinds[i].what);
}

static int parse_u32(const char *s, unsigned long max, uint32_t *v)
{
	unsigned long x;
	char *end;

	errno = 0;
	x = strtoul(s, &end, 0);
	if (errno || end == s || *end || x > max || s[0] == '-')
		return -1;
	*v = x;
	return 0;
}

static int add_kind(struct ei_opts *o, const char *name)
{
	const struct ei_kind *k;
	unsigned int i;

	if (!strcmp(name, "all")) {
		for (i = 0; i < ei_nkinds && o->nkinds < EI_MAX_KINDS; i++)
			o->kinds[o->nkinds++] = &ei_kinds[i];
		return 0;
	}
	k = ei_kind_find(name);
	if (!k) {
		fprintf(stderr, "eun-inject: unknown kind '%s' (-l lists them)\n",
			name);
		return -1;
	}
	if (o->nkinds == EI_MAX_KINDS) {
		fprintf(stderr, "eun-inject: more than %d kinds\n",
			EI_MAX_KINDS);
		return -1;
	}
	o->kinds[o->nkinds++] = k;
	return 0;
}

static int parse_addr(const char *s, uint32_t *a)
{
	struct in_addr in;

	if (inet_pton(AF_INET, s, &in) != 1)
		return -1;
	*a = in.s_addr;
	return 0;
}

static const struct option long_opts[] = {
	{ "addr", required_argument, NULL, 'a' },
	{ "dqpn", required_argument, NULL, 'q' },
	{ "psn", required_argument, NULL, 'p' },
	{ "una", required_argument, NULL, 'U' },
	{ "rkey", required_argument, NULL, 'r' },
	{ "mtu", required_argument, NULL, 'm' },
	{ "max-len", required_argument, NULL, 'L' },
	{ "kind", required_argument, NULL, 'k' },
	{ "count", required_argument, NULL, 'n' },
	{ "gap-us", required_argument, NULL, 'g' },
	{ "src", required_argument, NULL, 's' },
	{ "sport", required_argument, NULL, 'P' },
	{ "dry-run", no_argument, NULL, 'd' },
	{ "list", no_argument, NULL, 'l' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 }
};

/* A number in [@min, @max] into @v; -1 when it is not one. */
static int parse_range(const char *s, uint32_t min, uint32_t max,
		       uint32_t *v)
{
	if (parse_u32(s, max, v) || *v < min)
		return -1;
	return 0;
}

/* One option; 1 to stop with success (-l, -h), -1 on a bad value. */
static int parse_opt(struct ei_opts *o, int c, const char *arg, int *have)
{
	uint32_t v;

	switch (c) {
	case 'a':
		o->dst = arg;
		return parse_addr(arg, &o->f.daddr);
	case 's':
		o->src = arg;
		return parse_addr(arg, &o->f.saddr);
	case 'q':
		*have |= 1;
		return parse_u32(arg, 0xffffff, &o->t.dqpn);
	case 'p':
		*have |= 2;
		return parse_u32(arg, 0xffffff, &o->t.epsn);
	case 'U':
		*have |= 4;
		return parse_u32(arg, 0xffffff, &o->t.una);
	case 'r':
		return parse_u32(arg, 0xffffffff, &o->t.rkey);
	case 'm':
		return parse_range(arg, 256, 4096, &o->t.mtu);
	case 'L':
		return parse_range(arg, 256, EI_PKT_MAX, &o->t.max_len);
	case 'k':
		return add_kind(o, arg) ? -2 : 0;
	case 'n':
		return parse_range(arg, 1, EI_MAX_N, &o->n);
	case 'g':
		return parse_u32(arg, 1000000, &o->gap_us);
	case 'P':
		if (parse_u32(arg, 65535, &v))
			return -1;
		o->f.sport = v;
		return 0;
	case 'd':
		o->dry_run = 1;
		return 0;
	case 'l':
		list_kinds();
		return 1;
	case 'h':
		usage(stdout);
		return 1;
	default:
		return -2;
	}
}

static int parse_args(struct ei_opts *o, int argc, char **argv)
{
	int have = 0, c, r;

	while ((c = getopt_long(argc, argv, "a:q:p:U:r:m:L:k:n:g:s:P:dlh",
				long_opts, NULL)) != -1) {
		r = parse_opt(o, c, optarg, &have);
		if (r == -1)
			fprintf(stderr, "eun-inject: bad value '%s' for -%c\n",
				optarg, c);
		if (r)
			return r;
	}
	if (optind != argc || !o->dst || (have & 3) != 3) {
		fprintf(stderr, "eun-inject: need -a, --dqpn and --psn\n");
		return -2;
	}
	if (!(have & 4))
		o->t.una = o->t.epsn;
	if (!o->nkinds)
		add_kind(o, "all");
	return 0;
}

/*
 * A socket bound to a known address and port: both go into the ICRC. The
 * source address is the route's unless given; DF makes the kernel's IP
 * identification 0 (ei_icrc.c).
 */
static int open_socket(struct ei_opts *o)
{
	struct sockaddr_in sa = { .sin_family = AF_INET };
	socklen_t len = sizeof(sa);
	int pmtu = IP_PMTUDISC_DO;
	int fd;

	fd = socket(AF_INET, SOCK_DGRAM, 0);
	if (fd < 0)
		goto err;
	if (!o->src) {
		sa.sin_addr.s_addr = o->f.daddr;
		sa.sin_port = htons(EI_ROCE_PORT);
		/* connect() and forget: only to learn the source address */
		if (connect(fd, (struct sockaddr *)&sa, sizeof(sa)) ||
		    getsockname(fd, (struct sockaddr *)&sa, &len))
			goto err_close;
		o->f.saddr = sa.sin_addr.s_addr;
		close(fd);
		fd = socket(AF_INET, SOCK_DGRAM, 0);
		if (fd < 0)
			goto err;
	}
	if (setsockopt(fd, IPPROTO_IP, IP_MTU_DISCOVER, &pmtu, sizeof(pmtu)))
		goto err_close;
	sa.sin_addr.s_addr = o->f.saddr;
	sa.sin_port = htons(o->f.sport);
	len = sizeof(sa);
	if (bind(fd, (struct sockaddr *)&sa, sizeof(sa)) ||
	    getsockname(fd, (struct sockaddr *)&sa, &len))
		goto err_close;
	o->f.sport = ntohs(sa.sin_port);
	return fd;

err_close:
	close(fd);
err:
	perror("eun-inject: socket");
	return -1;
}

static void sleep_us(unsigned int us)
{
	struct timespec ts = {
		.tv_sec = us / 1000000, .tv_nsec = (us % 1000000) * 1000L
	};

	nanosleep(&ts, NULL);
}

static void print_hex(const struct ei_kind *k, unsigned int i,
		      const uint8_t *p, int len)
{
	int j;

	printf("kind=%s i=%u hex=", k->name, i);
	for (j = 0; j < len; j++)
		printf("%02x", p[j]);
	printf("\n");
}

/* Send (or print) @n packets of one kind; the count sent, or -1. */
static int send_kind(const struct ei_opts *o, int fd, const struct ei_kind *k,
		     int *bytes)
{
	struct sockaddr_in to = {
		.sin_family = AF_INET,
		.sin_port = htons(EI_ROCE_PORT),
		.sin_addr.s_addr = o->f.daddr,
	};
	uint8_t buf[EI_PKT_MAX];
	unsigned int i, sent = 0;
	int len;

	for (i = 0; i < o->n; i++) {
		len = k->build(&o->t, i, buf);
		if (len < 12 + EI_ICRC_LEN || len > (int)o->t.max_len)
			return -1;
		ei_icrc_put(&o->f, buf, len);
		*bytes = len;
		if (o->dry_run) {
			print_hex(k, i, buf, len);
			sent++;
			continue;
		}
		if (sendto(fd, buf, len, 0, (struct sockaddr *)&to,
			   sizeof(to)) != len) {
			perror("eun-inject: sendto");
			break;
		}
		sent++;
		if (o->gap_us)
			sleep_us(o->gap_us);
	}
	return sent;
}

int main(int argc, char **argv)
{
	struct ei_opts o = {
		.n = 1, .gap_us = 1000,
		.t = { .mtu = 1024, .max_len = EI_PKT_MAX },
		.f = { .dport = EI_ROCE_PORT },
	};
	unsigned int i;
	int fd = -1, r, sent, bytes, rc = 0;

	r = parse_args(&o, argc, argv);
	if (r)
		return r > 0 ? 0 : 2;
	if (!o.dry_run) {
		fd = open_socket(&o);
		if (fd < 0)
			return 1;
	} else if (!o.src) {
		fprintf(stderr, "eun-inject: --dry-run needs --src\n");
		return 2;
	}
	printf("src=%s sport=%u dst=%s dqpn=%u psn=%u una=%u mtu=%u\n",
	       inet_ntoa((struct in_addr){ o.f.saddr }), o.f.sport, o.dst,
	       o.t.dqpn, o.t.epsn, o.t.una, o.t.mtu);
	for (i = 0; i < o.nkinds; i++) {
		bytes = 0;
		sent = send_kind(&o, fd, o.kinds[i], &bytes);
		if (sent < 0) {
			fprintf(stderr, "eun-inject: %s: no packet fits\n",
				o.kinds[i]->name);
			sent = 0;
		}
		if ((unsigned int)sent != o.n)
			rc = 1;
		printf("kind=%s sent=%d bytes=%d expect=%s\n", o.kinds[i]->name,
		       sent, bytes, o.kinds[i]->expect);
		fflush(stdout);
	}
	if (fd >= 0)
		close(fd);
	return rc;
}
