//! Files from a drop, including the files inside dropped folders (the reader drops the whole
//! downloaded folder of published files). Folders are walked with the File and Directory
//! Entries API; each file keeps its path inside the drop so the days' same-named stamped lists
//! (`proof/<day>/130025Z.txt`) stay apart.

use crate::i18n::{tr, M};
use js_sys::{Array, Function, Promise};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{
    DataTransfer, File, FileList, FileSystemDirectoryEntry, FileSystemDirectoryReader,
    FileSystemEntry, FileSystemFileEntry,
};

/// Most files taken from one drop; a drop of a whole disk stops here rather than hanging.
pub const MAX_FILES: usize = 10_000;
/// Deepest folder nesting walked.
pub const MAX_DEPTH: usize = 16;

/// A file and the label the page shows for it (its path inside the drop, or its name).
pub type Labelled = (File, Option<String>);

/// What a drop holds, taken while the drop event runs (its DataTransfer is emptied afterwards).
pub enum Dropped {
    /// Plain files.
    Files(Vec<Labelled>),
    /// At least one folder: its entries, to walk with [`walk`].
    Entries(Vec<FileSystemEntry>),
}

pub fn take(transfer: &DataTransfer) -> Dropped {
    let items = transfer.items();
    let entries: Vec<FileSystemEntry> = (0..items.length())
        .filter_map(|i| items.get(i))
        .filter_map(|item| item.webkit_get_as_entry().ok().flatten())
        .collect();
    if entries.iter().any(FileSystemEntry::is_directory) {
        Dropped::Entries(entries)
    } else {
        Dropped::Files(from_list(transfer.files()))
    }
}

/// The files of a drop or a file input, labelled by the page itself (see `app::Picked`).
pub fn from_list(list: Option<FileList>) -> Vec<Labelled> {
    let Some(list) = list else { return Vec::new() };
    (0..list.length())
        .filter_map(|i| list.get(i))
        .map(|f| (f, None))
        .collect()
}

/// Calls `start(resolve, reject)` and awaits the callback it triggers.
async fn callback_result(start: impl FnOnce(&Function, &Function)) -> Result<JsValue, JsValue> {
    let mut start = Some(start);
    let promise = Promise::new(&mut |resolve, reject| {
        if let Some(start) = start.take() {
            start(&resolve, &reject);
        }
    });
    JsFuture::from(promise).await
}

async fn file_of(entry: &FileSystemFileEntry) -> Result<File, JsValue> {
    callback_result(|ok, err| entry.file_with_callback_and_callback(ok, err))
        .await?
        .dyn_into::<File>()
}

/// One batch of a folder's entries; an empty batch means the folder is done.
async fn read_batch(reader: &FileSystemDirectoryReader) -> Result<Array, JsValue> {
    let batch = callback_result(|ok, err| {
        if let Err(e) = reader.read_entries_with_callback_and_callback(ok, err) {
            let _ = err.call1(&JsValue::NULL, &e);
        }
    })
    .await?;
    Ok(batch.unchecked_into())
}

/// Every file under `entries` (depth-first, folders in the order the browser lists them),
/// labelled with its path inside the drop. Errors name the entry that could not be read.
pub async fn walk(entries: Vec<FileSystemEntry>) -> Result<Vec<Labelled>, String> {
    let mut out = Vec::new();
    let mut stack: Vec<(FileSystemEntry, usize)> =
        entries.into_iter().rev().map(|e| (e, 0)).collect();
    while let Some((entry, depth)) = stack.pop() {
        let path = entry.full_path().trim_start_matches('/').to_string();
        let unreadable = |e: JsValue| {
            tr(
                M::DropUnreadable,
                &[("path", &path), ("detail", &format!("{e:?}"))],
            )
        };
        if entry.is_file() {
            if out.len() >= MAX_FILES {
                return Err(tr(M::DropTooMany, &[("max", &MAX_FILES)]));
            }
            let file = file_of(entry.unchecked_ref()).await.map_err(unreadable)?;
            out.push((file, Some(path)));
        } else if entry.is_directory() && depth < MAX_DEPTH {
            let reader = entry
                .unchecked_ref::<FileSystemDirectoryEntry>()
                .create_reader();
            let mut children = Vec::new();
            loop {
                let batch = read_batch(&reader).await.map_err(unreadable)?;
                if batch.length() == 0 {
                    break;
                }
                children.extend(batch.iter().map(|c| c.unchecked_into::<FileSystemEntry>()));
                if children.len() > MAX_FILES {
                    return Err(tr(
                        M::DropDirTooMany,
                        &[("path", &path), ("max", &MAX_FILES)],
                    ));
                }
            }
            stack.extend(children.into_iter().rev().map(|c| (c, depth + 1)));
        }
    }
    Ok(out)
}
