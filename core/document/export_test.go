package document

// View and TargetItem open unexported parts to the external tests.
var View = view

func TargetItem(t UploadTarget) DocItem { return t.item }
