import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { translate } from '@dukan/contracts';
import { Ctx, type RequestContext } from '@dukan/platform';
import { CategoriesService } from './categories.service.js';
import { CreateCategoryDto, ListCategoriesQuery, UpdateCategoryDto } from './category.dto.js';

@Controller('api/categories')
export class CategoriesController {
  constructor(private readonly categories: CategoriesService) {}

  @Get()
  list(@Query() q: ListCategoriesQuery) {
    return this.categories.list(q);
  }

  @Get('tree')
  tree(@Query() q: ListCategoriesQuery) {
    return this.categories.tree(q);
  }

  @Get(':id')
  get(@Ctx() ctx: RequestContext, @Param('id') id: string) {
    return this.categories.get(ctx, id);
  }

  @Post()
  create(@Ctx() ctx: RequestContext, @Body() dto: CreateCategoryDto) {
    return this.categories.create(ctx, dto);
  }

  @Put(':id')
  update(@Ctx() ctx: RequestContext, @Param('id') id: string, @Body() dto: UpdateCategoryDto) {
    return this.categories.update(ctx, id, dto);
  }

  @Delete(':id')
  @HttpCode(200)
  async remove(@Ctx() ctx: RequestContext, @Param('id') id: string) {
    await this.categories.remove(ctx, id);
    return { success: true, message: translate(ctx.locale, 'categories.deleted') };
  }
}
