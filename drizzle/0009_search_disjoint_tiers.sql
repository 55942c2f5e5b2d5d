-- Rating tiers that do not overlap, and a third one (ADR 014): a search reads the tiers best
-- first until it holds enough candidates, and each tier's index holds that tier's crew alone,
-- so no posting list is read twice. A generated column's expression cannot be altered in place:
-- it is dropped (with the indexes on it) and added again.
DROP INDEX "crew_search_document_tier_1_idx";--> statement-breakpoint
DROP INDEX "crew_search_document_tier_2_idx";--> statement-breakpoint
ALTER TABLE "crew_search" drop column "search_tier";--> statement-breakpoint
ALTER TABLE "crew_search" ADD COLUMN "search_tier" smallint GENERATED ALWAYS AS (case when rating_score >= 4 then 1 when rating_score >= 3.8 then 2 when rating_score >= 3.6 then 3 else 4 end) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "crew_search_document_tier_3_idx" ON "crew_search" USING gin ("document") WHERE search_tier = 3;--> statement-breakpoint
CREATE INDEX "crew_search_document_tier_4_idx" ON "crew_search" USING gin ("document") WHERE search_tier = 4;--> statement-breakpoint
CREATE INDEX "crew_search_document_tier_1_idx" ON "crew_search" USING gin ("document") WHERE search_tier = 1;--> statement-breakpoint
CREATE INDEX "crew_search_document_tier_2_idx" ON "crew_search" USING gin ("document") WHERE search_tier = 2;