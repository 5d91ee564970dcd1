package astindex

import "go/ast"

// walk records n and its subtree in the order of ast.Walk, whose child
// order it follows case by case. It is ast.Walk specialised to the index:
// one type switch per node gives both its kind and its children, and the
// leaves the index leaves out (identifiers, basic literals, comments) are
// skipped where their parent names them, without a call, where ast.Walk
// makes two visitor calls for each. Identifiers are about half the nodes
// of Go code, so this halves the cost of building an index. An optional
// child of interface type (an if's Init or Else) is walked as it is: a nil
// one returns at once. Only optional children of pointer type (field
// lists, a declaration's body) are tested first.
func (b *builder) walk(n ast.Node) {
	var k uint8
	switch n.(type) {
	case *ast.Ident, *ast.BasicLit, *ast.Comment, *ast.CommentGroup, nil:
		return
	}
	i := len(b.nodes)
	parent := int32(-1)
	if len(b.stack) > 0 {
		parent = b.stack[len(b.stack)-1]
	}
	b.nodes = append(b.nodes, entry{node: n, parent: parent})
	b.kinds = append(b.kinds, 0)
	b.stack = append(b.stack, int32(i))
	b.kids = append(b.kids, int32(i)) // a child of the node walked before
	mark := len(b.kids)               // where this node's children will be

	switch n := n.(type) {
	case *ast.Field:
		k = kField
		b.walk(n.Type)
	case *ast.FieldList:
		k = kFieldList
		for _, f := range n.List {
			b.walk(f)
		}
	case *ast.BadExpr:
		k = kBadExpr
	case *ast.Ellipsis:
		k = kEllipsis
		b.walk(n.Elt)
	case *ast.FuncLit:
		k = kFuncLit
		b.walk(n.Type)
		b.walk(n.Body)
	case *ast.CompositeLit:
		k = kCompositeLit
		b.walk(n.Type)
		b.exprs(n.Elts)
	case *ast.ParenExpr:
		k = kParenExpr
		b.walk(n.X)
	case *ast.SelectorExpr:
		k = kSelectorExpr
		b.walk(n.X)
	case *ast.IndexExpr:
		k = kIndexExpr
		b.walk(n.X)
		b.walk(n.Index)
	case *ast.IndexListExpr:
		k = kIndexListExpr
		b.walk(n.X)
		b.exprs(n.Indices)
	case *ast.SliceExpr:
		k = kSliceExpr
		b.walk(n.X)
		b.walk(n.Low)
		b.walk(n.High)
		b.walk(n.Max)
	case *ast.TypeAssertExpr:
		k = kTypeAssertExpr
		b.walk(n.X)
		b.walk(n.Type)
	case *ast.CallExpr:
		k = kCallExpr
		b.walk(n.Fun)
		b.exprs(n.Args)
	case *ast.StarExpr:
		k = kStarExpr
		b.walk(n.X)
	case *ast.UnaryExpr:
		k = kUnaryExpr
		b.walk(n.X)
	case *ast.BinaryExpr:
		k = kBinaryExpr
		b.walk(n.X)
		b.walk(n.Y)
	case *ast.KeyValueExpr:
		k = kKeyValueExpr
		b.walk(n.Key)
		b.walk(n.Value)
	case *ast.ArrayType:
		k = kArrayType
		b.walk(n.Len)
		b.walk(n.Elt)
	case *ast.StructType:
		k = kStructType
		b.walk(n.Fields)
	case *ast.FuncType:
		k = kFuncType
		if n.TypeParams != nil {
			b.walk(n.TypeParams)
		}
		if n.Params != nil {
			b.walk(n.Params)
		}
		if n.Results != nil {
			b.walk(n.Results)
		}
	case *ast.InterfaceType:
		k = kInterfaceType
		b.walk(n.Methods)
	case *ast.MapType:
		k = kMapType
		b.walk(n.Key)
		b.walk(n.Value)
	case *ast.ChanType:
		k = kChanType
		b.walk(n.Value)
	case *ast.BadStmt:
		k = kBadStmt
	case *ast.DeclStmt:
		k = kDeclStmt
		b.walk(n.Decl)
	case *ast.EmptyStmt:
		k = kEmptyStmt
	case *ast.LabeledStmt:
		k = kLabeledStmt
		b.walk(n.Stmt)
	case *ast.ExprStmt:
		k = kExprStmt
		b.walk(n.X)
	case *ast.SendStmt:
		k = kSendStmt
		b.walk(n.Chan)
		b.walk(n.Value)
	case *ast.IncDecStmt:
		k = kIncDecStmt
		b.walk(n.X)
	case *ast.AssignStmt:
		k = kAssignStmt
		b.exprs(n.Lhs)
		b.exprs(n.Rhs)
	case *ast.GoStmt:
		k = kGoStmt
		b.walk(n.Call)
	case *ast.DeferStmt:
		k = kDeferStmt
		b.walk(n.Call)
	case *ast.ReturnStmt:
		k = kReturnStmt
		b.exprs(n.Results)
	case *ast.BranchStmt:
		k = kBranchStmt
	case *ast.BlockStmt:
		k = kBlockStmt
		b.stmts(n.List)
	case *ast.IfStmt:
		k = kIfStmt
		b.walk(n.Init)
		b.walk(n.Cond)
		b.walk(n.Body)
		b.walk(n.Else)
	case *ast.CaseClause:
		k = kCaseClause
		b.exprs(n.List)
		b.stmts(n.Body)
	case *ast.SwitchStmt:
		k = kSwitchStmt
		b.walk(n.Init)
		b.walk(n.Tag)
		b.walk(n.Body)
	case *ast.TypeSwitchStmt:
		k = kTypeSwitchStmt
		b.walk(n.Init)
		b.walk(n.Assign)
		b.walk(n.Body)
	case *ast.CommClause:
		k = kCommClause
		b.walk(n.Comm)
		b.stmts(n.Body)
	case *ast.SelectStmt:
		k = kSelectStmt
		b.walk(n.Body)
	case *ast.ForStmt:
		k = kForStmt
		b.walk(n.Init)
		b.walk(n.Cond)
		b.walk(n.Post)
		b.walk(n.Body)
	case *ast.RangeStmt:
		k = kRangeStmt
		b.walk(n.Key)
		b.walk(n.Value)
		b.walk(n.X)
		b.walk(n.Body)
	case *ast.ImportSpec:
		k = kImportSpec
	case *ast.ValueSpec:
		k = kValueSpec
		b.walk(n.Type)
		b.exprs(n.Values)
	case *ast.TypeSpec:
		k = kTypeSpec
		if n.TypeParams != nil {
			b.walk(n.TypeParams)
		}
		b.walk(n.Type)
	case *ast.BadDecl:
		k = kBadDecl
	case *ast.GenDecl:
		k = kGenDecl
		for _, s := range n.Specs {
			b.walk(s)
		}
	case *ast.FuncDecl:
		k = kFuncDecl
		if n.Recv != nil {
			b.walk(n.Recv)
		}
		b.walk(n.Type)
		if n.Body != nil {
			b.walk(n.Body)
		}
	case *ast.File:
		k = kFile
		for _, d := range n.Decls {
			b.walk(d)
		}
	default:
		// A node type this walker does not know (a future one): let
		// ast.Walk find its children, in its own order.
		k = kindOf(n)
		ast.Inspect(n, func(c ast.Node) bool {
			if c == n {
				return true
			}
			if c != nil {
				b.walk(c)
			}
			return false
		})
	}
	b.kinds[i] = k
	b.stack = b.stack[:len(b.stack)-1]
	b.nodes[i].end = int32(len(b.nodes))
	if kids := b.kids[mark:]; len(kids) >= wideKids {
		b.wideOf[int32(i)] = int32(len(b.wide))
		b.wide = append(b.wide, int32(len(kids)))
		b.wide = append(b.wide, kids...)
	}
	b.kids = b.kids[:mark]
}

func (b *builder) exprs(list []ast.Expr) {
	for _, e := range list {
		b.walk(e)
	}
}

func (b *builder) stmts(list []ast.Stmt) {
	for _, s := range list {
		b.walk(s)
	}
}
