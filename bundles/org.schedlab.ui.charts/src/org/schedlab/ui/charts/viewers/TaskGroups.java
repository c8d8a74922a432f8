package org.schedlab.ui.charts.viewers;

import java.util.regex.Pattern;

/** Task groups: a workload's {@code threads srv_recv[r: rooms, u: users]} or {@code threads worker x 4} tasks. */
public final class TaskGroups {

	/** An index at the end of a name: {@code [3,4]}, {@code -17} or both. */
	private static final Pattern INDEX = Pattern.compile("(\\[[^\\]]*\\])?(-\\d+)?$");

	private TaskGroups() {
	}

	/** @return the group of a task name: the name without its index ({@code srv_recv[3,4]-7} is {@code srv_recv}) */
	public static String of(String name) {
		if (name == null) {
			return "?";
		}
		String group = INDEX.matcher(name).replaceFirst("");
		return group.isEmpty() ? name : group;
	}
}
