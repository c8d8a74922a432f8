package org.schedlab.dsl.ide;

import org.eclipse.emf.ecore.EClass;
import org.eclipse.lsp4j.SymbolKind;
import org.eclipse.xtext.ide.server.symbol.DocumentSymbolMapper;
import org.schedlab.dsl.sched.SchedPackage;

/** Document symbols (outline): what kind of symbol each declaration is. */
public class SchedSymbolKinds extends DocumentSymbolMapper.DocumentSymbolKindProvider {

	@Override
	protected SymbolKind getSymbolKind(EClass c) {
		SchedPackage p = SchedPackage.eINSTANCE;
		if (c == p.getMachine()) {
			return SymbolKind.Struct;
		}
		if (c == p.getKernel()) {
			return SymbolKind.Module;
		}
		if (c == p.getVariant()) {
			return SymbolKind.Class;
		}
		if (c == p.getWorkload() || c == p.getProgramDecl()) {
			return SymbolKind.Function;
		}
		if (c == p.getExperiment()) {
			return SymbolKind.Event;
		}
		if (c == p.getThreadGroup()) {
			return SymbolKind.Object;
		}
		if (p.getResource().isSuperTypeOf(c)) {
			return SymbolKind.Field;
		}
		if (c == p.getParam() || c == p.getIndexVar()) {
			return SymbolKind.Variable;
		}
		return super.getSymbolKind(c);
	}
}
