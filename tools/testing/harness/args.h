/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Command line of the harness's random tests: "-s SEED -n COUNT", the
 * seed printed first so that every run can be replayed.
 */
#ifndef EUN_ARGS_H
#define EUN_ARGS_H

#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include <linux/types.h>

/**
 * harness_args() - parse "-s SEED -n COUNT" and print the seed line
 * @argc, @argv: main()'s
 * @prog: the program's name, for its messages
 * @what: what COUNT counts ("operations", "rounds", ...)
 * @seed: filled in; a time-based seed when -s is absent
 * @count: default on entry, the value of -n on return
 *
 * Return: 0, or 2 (the exit status) after a usage message.
 */
static inline int harness_args(int argc, char **argv, const char *prog,
			       const char *what, u64 *seed, u64 *count)
{
	int opt;

	*seed = (u64)time(NULL) ^ ((u64)getpid() << 32);
	while ((opt = getopt(argc, argv, "s:n:")) != -1) {
		switch (opt) {
		case 's':
			*seed = strtoull(optarg, NULL, 0);
			break;
		case 'n':
			*count = strtoull(optarg, NULL, 0);
			break;
		default:
			fprintf(stderr, "usage: %s [-s seed] [-n %s]\n", prog, what);
			return 2;
		}
	}
	if (*count == 0) {
		fprintf(stderr, "%s: -n must be at least 1\n", prog);
		return 2;
	}
	printf("%s: seed %llu, %llu %s\n", prog, (unsigned long long)*seed,
	       (unsigned long long)*count, what);
	fflush(stdout);
	return 0;
}

#endif /* EUN_ARGS_H */
