package org.schedlab.dsl.eval;

import org.eclipse.emf.ecore.EObject;

/** An expression that has no value: wrong units, division by zero, an unbound variable. Located at {@link #where()}. */
public final class EvalException extends Exception {

	private static final long serialVersionUID = 1L;

	private final transient EObject where;

	public EvalException(String message, EObject where) {
		super(message);
		this.where = where;
	}

	/** @return the model element the problem is in */
	public EObject where() {
		return where;
	}
}
