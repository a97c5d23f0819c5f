package org.mimesisbench.namespace.stats;

/** One file type's share of the files and the depths its files sit at (paper section 2.2). */
public record FileTypeShare(int index, double weight, DiscreteDistribution depth) {}
