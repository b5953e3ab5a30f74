// Package printing is the printing use case: the whole application and the
// admission slip as a reader sees them. It reads the stores through its
// ports, checks access the way the form does, resolves every code to its
// name in the chosen language, orders the form's sections, and hands typed
// print models to the Renderer port (adapters/pdf).
package printing
