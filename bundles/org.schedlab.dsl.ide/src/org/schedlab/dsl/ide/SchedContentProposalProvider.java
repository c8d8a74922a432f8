package org.schedlab.dsl.ide;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.xtext.Assignment;
import org.eclipse.xtext.EcoreUtil2;
import org.eclipse.xtext.ide.editor.contentassist.ContentAssistContext;
import org.eclipse.xtext.ide.editor.contentassist.ContentAssistEntry;
import org.eclipse.xtext.ide.editor.contentassist.IIdeContentProposalAcceptor;
import org.eclipse.xtext.ide.editor.contentassist.IdeContentProposalProvider;
import org.schedlab.dsl.documentation.SchedDocumentationProvider;
import org.schedlab.dsl.sched.Experiment;
import org.schedlab.dsl.sched.Kernel;
import org.schedlab.dsl.sched.Variant;
import org.schedlab.dsl.translate.BuiltinMetrics;
import org.schedlab.dsl.translate.EngineCatalog;
import org.schedlab.dsl.translate.MachineBuilder;
import org.schedlab.dsl.validation.ExperimentMetrics;
import org.schedlab.sim.machine.CostKey;
import org.schedlab.sim.spi.EngineInfo;
import org.schedlab.sim.spi.PatchInfo;
import org.schedlab.sim.spi.SchedulerEngine;
import org.schedlab.sim.spi.TunableInfo;

import com.google.inject.Inject;

/**
 * Content assist beyond keywords and names (workloads, machines, variants come from scoping): the installed engines,
 * the versions of the kernel's engine, the patches that apply to its version (with title, author and date), the
 * engine's tunables, cost keys and built-in profiles.
 */
public class SchedContentProposalProvider extends IdeContentProposalProvider {

	@Inject
	private EngineCatalog injectedCatalog;

	@Override
	protected void _createProposals(Assignment assignment, ContentAssistContext context,
			IIdeContentProposalAcceptor acceptor) {
		EObject model = context.getCurrentModel();
		EngineCatalog catalog = EngineCatalog.forContext(model, injectedCatalog);
		String at = org.eclipse.xtext.GrammarUtil.containingRule(assignment).getName() + "." + assignment.getFeature();
		if (at.equals("Kernel.engine")) {
			for (SchedulerEngine e : catalog.engines()) {
				accept(e.info().id(), e.info().title(), context, acceptor);
			}
		} else if (at.equals("Kernel.version")) {
			Kernel k = EcoreUtil2.getContainerOfType(model, Kernel.class);
			SchedulerEngine e = k == null ? null : catalog.find(k.getEngine()).orElse(null);
			if (e != null) {
				for (String v : e.info().versions()) {
					accept("\"" + v + "\"", e.info().title() + " " + v, context, acceptor);
				}
			}
		} else if (at.equals("PatchRef.id")) {
			EngineInfo info = info(model, catalog);
			Variant v = EcoreUtil2.getContainerOfType(model, Variant.class);
			String version = v == null || v.getKernel() == null ? null : v.getKernel().getVersion();
			if (info != null) {
				for (PatchInfo p : info.patches()) {
					if (version == null || p.appliesTo().contains(version)) {
						ContentAssistEntry entry = accept("\"" + p.id() + "\"", p.title() + " (" + p.author() + ", "
								+ p.date() + ")", context, acceptor);
						if (entry != null) {
							entry.setDocumentation(SchedDocumentationProvider.patch(p));
						}
					}
				}
			}
		} else if (at.equals("Tunable.name")) {
			EngineInfo info = info(model, catalog);
			if (info != null) {
				for (TunableInfo t : info.tunables()) {
					accept(t.name(), t.unit() + ", default " + t.defaultValue() + ": " + t.description(), context,
							acceptor);
				}
			}
		} else if (at.equals("MachineSetting.key")) {
			for (CostKey k : CostKey.values()) {
				accept(k.name().toLowerCase(java.util.Locale.ROOT), k.unit() == CostKey.Unit.CYCLES ? "cycles" : "ns",
						context, acceptor);
			}
		} else if (at.equals("MachineSetting.id")) {
			for (String id : MachineBuilder.builtInIds().split(", ")) {
				accept("\"" + id + "\"", "built-in machine profile", context, acceptor);
			}
		} else if (at.equals("ExperimentOption.metrics") || at.equals("ExperimentOption.metric")) {
			Experiment e = EcoreUtil2.getContainerOfType(model, Experiment.class);
			if (e != null) {
				ExperimentMetrics m = ExperimentMetrics.of(e, catalog);
				for (String name : m.names()) {
					accept(name, metricDescription(name, m), context, acceptor);
				}
			}
		} else {
			// the default proposals: keywords' neighbours, cross-references, and for other terminals a placeholder
			// named after the feature, which for the features above would be noise ("id" among the patches)
			super._createProposals(assignment, context, acceptor);
		}
	}

	private static String metricDescription(String name, ExperimentMetrics m) {
		String builtIn = BuiltinMetrics.ALL.get(name);
		if (builtIn != null) {
			return builtIn;
		}
		if (m.counters().contains(name)) {
			return "the workload's counter, per second";
		}
		if (m.engineCounters().contains(name)) {
			return "the engine's counter, per second";
		}
		if (name.startsWith("cycles_")) {
			return "cycles in one scheduler function";
		}
		return "derived from a counter (total, or threads.c's per-task columns)";
	}

	private static EngineInfo info(EObject model, EngineCatalog catalog) {
		Variant v = EcoreUtil2.getContainerOfType(model, Variant.class);
		if (v == null || v.getKernel() == null || v.getKernel().eIsProxy()) {
			return null;
		}
		return catalog.find(v.getKernel().getEngine()).map(SchedulerEngine::info).orElse(null);
	}

	private ContentAssistEntry accept(String proposal, String description, ContentAssistContext context,
			IIdeContentProposalAcceptor acceptor) {
		ContentAssistEntry entry = getProposalCreator().createProposal(proposal, context);
		if (entry != null) {
			entry.setDescription(description);
			acceptor.accept(entry, getProposalPriorities().getDefaultPriority(entry) + 10);
		}
		return entry;
	}
}
