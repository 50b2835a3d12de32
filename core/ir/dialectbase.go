package ir

// TypeStorage is embedded by types that dialects outside this package define
// (DialectType implementations): it carries the identity handed to the
// constructor of InternType and makes the embedding struct an ir.Type.
type TypeStorage struct{ storage }

// NewTypeStorage returns the storage for a dialect-defined type with the
// identity id (from InternType's constructor or Context.NewStorageID).
func NewTypeStorage(id uint64) TypeStorage { return TypeStorage{storage{id: id}} }

func (TypeStorage) isType() {}

// AttrStorage is embedded by attributes that dialects outside this package
// define (DialectAttr implementations), as TypeStorage is for types.
type AttrStorage struct{ storage }

// NewAttrStorage returns the storage for a dialect-defined attribute with the
// identity id (from InternAttr's constructor or Context.NewStorageID).
func NewAttrStorage(id uint64) AttrStorage { return AttrStorage{storage{id: id}} }

func (AttrStorage) isAttr() {}
