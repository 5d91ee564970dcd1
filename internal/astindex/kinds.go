package astindex

import "go/ast"

// Node kinds, one bit each in a type filter; kOther is any other type.
const (
	kOther uint8 = iota
	kArrayType
	kAssignStmt
	kBadDecl
	kBadExpr
	kBadStmt
	kBasicLit
	kBinaryExpr
	kBlockStmt
	kBranchStmt
	kCallExpr
	kCaseClause
	kChanType
	kCommClause
	kComment
	kCommentGroup
	kCompositeLit
	kDeclStmt
	kDeferStmt
	kEllipsis
	kEmptyStmt
	kExprStmt
	kField
	kFieldList
	kFile
	kForStmt
	kFuncDecl
	kFuncLit
	kFuncType
	kGenDecl
	kGoStmt
	kIdent
	kIfStmt
	kImportSpec
	kIncDecStmt
	kIndexExpr
	kIndexListExpr
	kInterfaceType
	kKeyValueExpr
	kLabeledStmt
	kMapType
	kParenExpr
	kRangeStmt
	kReturnStmt
	kSelectStmt
	kSelectorExpr
	kSendStmt
	kSliceExpr
	kStarExpr
	kStructType
	kSwitchStmt
	kTypeAssertExpr
	kTypeSpec
	kTypeSwitchStmt
	kUnaryExpr
	kValueSpec
)

func kindOf(n ast.Node) uint8 {
	switch n.(type) {
	case *ast.ArrayType:
		return kArrayType
	case *ast.AssignStmt:
		return kAssignStmt
	case *ast.BadDecl:
		return kBadDecl
	case *ast.BadExpr:
		return kBadExpr
	case *ast.BadStmt:
		return kBadStmt
	case *ast.BasicLit:
		return kBasicLit
	case *ast.BinaryExpr:
		return kBinaryExpr
	case *ast.BlockStmt:
		return kBlockStmt
	case *ast.BranchStmt:
		return kBranchStmt
	case *ast.CallExpr:
		return kCallExpr
	case *ast.CaseClause:
		return kCaseClause
	case *ast.ChanType:
		return kChanType
	case *ast.CommClause:
		return kCommClause
	case *ast.Comment:
		return kComment
	case *ast.CommentGroup:
		return kCommentGroup
	case *ast.CompositeLit:
		return kCompositeLit
	case *ast.DeclStmt:
		return kDeclStmt
	case *ast.DeferStmt:
		return kDeferStmt
	case *ast.Ellipsis:
		return kEllipsis
	case *ast.EmptyStmt:
		return kEmptyStmt
	case *ast.ExprStmt:
		return kExprStmt
	case *ast.Field:
		return kField
	case *ast.FieldList:
		return kFieldList
	case *ast.File:
		return kFile
	case *ast.ForStmt:
		return kForStmt
	case *ast.FuncDecl:
		return kFuncDecl
	case *ast.FuncLit:
		return kFuncLit
	case *ast.FuncType:
		return kFuncType
	case *ast.GenDecl:
		return kGenDecl
	case *ast.GoStmt:
		return kGoStmt
	case *ast.Ident:
		return kIdent
	case *ast.IfStmt:
		return kIfStmt
	case *ast.ImportSpec:
		return kImportSpec
	case *ast.IncDecStmt:
		return kIncDecStmt
	case *ast.IndexExpr:
		return kIndexExpr
	case *ast.IndexListExpr:
		return kIndexListExpr
	case *ast.InterfaceType:
		return kInterfaceType
	case *ast.KeyValueExpr:
		return kKeyValueExpr
	case *ast.LabeledStmt:
		return kLabeledStmt
	case *ast.MapType:
		return kMapType
	case *ast.ParenExpr:
		return kParenExpr
	case *ast.RangeStmt:
		return kRangeStmt
	case *ast.ReturnStmt:
		return kReturnStmt
	case *ast.SelectStmt:
		return kSelectStmt
	case *ast.SelectorExpr:
		return kSelectorExpr
	case *ast.SendStmt:
		return kSendStmt
	case *ast.SliceExpr:
		return kSliceExpr
	case *ast.StarExpr:
		return kStarExpr
	case *ast.StructType:
		return kStructType
	case *ast.SwitchStmt:
		return kSwitchStmt
	case *ast.TypeAssertExpr:
		return kTypeAssertExpr
	case *ast.TypeSpec:
		return kTypeSpec
	case *ast.TypeSwitchStmt:
		return kTypeSwitchStmt
	case *ast.UnaryExpr:
		return kUnaryExpr
	case *ast.ValueSpec:
		return kValueSpec
	}
	return kOther
}
