-- Issue 46 (decisions 0109 and 0110): a proof photo marked as a progress photo names its pose, and
-- is served to its owner alone until the owner shares it (a collage is a post of its own).
ALTER TABLE "post_media" ADD COLUMN IF NOT EXISTS "progress_pose" text;--> statement-breakpoint
ALTER TABLE "post_media" ADD CONSTRAINT "post_media_progress_pose_check" CHECK ("post_media"."progress_pose" is null or ("post_media"."progress_pose" in ('front', 'side', 'back') and "post_media"."media_type" = 'image'));
