// The table type of `picture-uploads.ts`, apart from its code: `ports/database.ts` lists it and
// imports nothing that imports `Database` back.

/** Uploads per member and minute (`picture-uploads.ts`). */
export interface PictureUploadsTable {
  user_id: string;
  window_start: Date;
  used: number;
}

export interface PictureUploadTables {
  picture_uploads: PictureUploadsTable;
}
